/**
 * `npm run typecheck`, and the type check of `npm test`: Next.js writes its route types under
 * .next/types, then TypeScript checks the application with them, the tests and the scripts.
 *
 * The check runs TypeScript 7, the native compiler (the package `typescript-native`): the same
 * checks as the TypeScript 5.9 that typescript-eslint, Next.js and editors load as a library, in
 * about a quarter of the CPU time.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { bin, root } from "./run-command.mjs";

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: "inherit" }).status ?? 1;

const typegen = run(bin("next"), ["typegen"]);
process.exit(typegen !== 0 ? typegen : run(process.execPath, [path.join(root, "node_modules", "typescript-native", "bin", "tsc"), "--noEmit"]));

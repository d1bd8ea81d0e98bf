/**
 * `npm test`'s static checks: ESLint and the TypeScript check run at the same time, after Next.js
 * has written the route types both read, so on two cores they take about as long as the slower
 * one instead of both in turn. Each one's output is printed whole when it ends, so the two never
 * interleave; the exit code is non-zero when either fails.
 *
 * The type check runs TypeScript 7, the native compiler (the package `typescript-native`): the
 * same checks as the TypeScript 5.9 that typescript-eslint, Next.js and editors load as a
 * library, in about a quarter of the CPU time.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { bin, root, runCommand } from "./run-command.mjs";

const typegen = spawnSync(bin("next"), ["typegen"], { cwd: root, stdio: "inherit" });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

const check = (name, command, args) => runCommand(name, bin(command), args, { held: true });
const typeCheck = runCommand("tsc", process.execPath, [path.join(root, "node_modules", "typescript-native", "bin", "tsc"), "--noEmit"], { held: true });
const codes = await Promise.all([check("eslint", "eslint", ["--max-warnings=0", "."]), typeCheck]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);

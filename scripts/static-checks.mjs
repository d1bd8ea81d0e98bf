/**
 * `npm test`'s static checks: ESLint and the TypeScript check run at the same time, after Next.js
 * has written the route types both read. Each is one single-threaded process, so on two cores
 * they take as long as the slower one instead of both in turn. Each one's output is printed
 * whole when it ends, so the two never interleave; the exit code is non-zero when either fails.
 */
import { spawnSync } from "node:child_process";
import { bin, root, runCommand } from "./run-command.mjs";

const typegen = spawnSync(bin("next"), ["typegen"], { cwd: root, stdio: "inherit" });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

const check = (name, command, args) => runCommand(name, bin(command), args, { held: true });
const codes = await Promise.all([check("eslint", "eslint", ["--max-warnings=0", "."]), check("tsc", "tsc", ["--noEmit"])]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);

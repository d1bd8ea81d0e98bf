/**
 * `npm test`'s static checks: ESLint and the TypeScript check run at the same time, after Next.js
 * has written the route types both read. Each is one single-threaded process, so on two cores
 * they take as long as the slower one instead of both in turn. Each one's output is printed
 * whole when it ends, so the two never interleave; the exit code is non-zero when either fails.
 */
import { Buffer } from "node:buffer";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const typegen = spawnSync(bin("next"), ["typegen"], { cwd: root, stdio: "inherit" });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

/** Runs one check, holding its output until it ends; resolves with its exit code. */
function check(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      process.stdout.write(`> ${name}: ${code === 0 ? "passed" : "failed"}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([check("eslint", "eslint", ["--max-warnings=0", "."]), check("tsc", "tsc", ["--noEmit"])]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);

/**
 * `npm test`: the static checks, the Vitest projects and the end-to-end tests, overlapped so that
 * the machine's cores stay busy:
 *
 *   static checks (scripts/static-checks.mjs) ──▶ end-to-end tests (playwright test)
 *   Vitest (vitest run) ──────────────────────────────────────────────────────────▶
 *
 * Vitest starts at once and prints as it goes. The end-to-end tests wait for the static checks:
 * both write Next.js's generated files under .next (route types, then the build the end-to-end
 * server makes on its first start). Each of those two prints its output whole when it ends, so
 * no two runners' lines interleave within a block. Every runner runs to its end even when another
 * fails, so one run reports every failure; the exit code is non-zero when any of them failed.
 */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * Runs one command; resolves with its exit code. `held`: its output is printed whole when it
 * ends, under a heading; otherwise it goes straight to this process's output.
 */
function run(name, command, args, { held }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", held ? "pipe" : "inherit", held ? "pipe" : "inherit"] });
    const output = [];
    if (held) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (held || output.length > 0) process.stdout.write(`\n> ${name}: ${status === 0 ? "passed" : "failed"}\n${Buffer.concat(output).toString()}\n`);
      resolve(status);
    });
  });
}

const vitest = run("vitest", bin("vitest"), ["run"], { held: false });
const staticThenEndToEnd = run("static checks", process.execPath, [path.join(root, "scripts", "static-checks.mjs")], { held: true }).then(async (staticCode) => [
  staticCode,
  await run("playwright", bin("playwright"), ["test"], { held: true }),
]);

const codes = [await vitest, ...(await staticThenEndToEnd)];
process.exit(codes.every((code) => code === 0) ? 0 : 1);

/**
 * Runs a command of the repository's test scripts (type-check.mjs, test.mjs) from its root, for
 * commands that run side by side: a `held` command's output is printed whole, under a heading,
 * when it ends, so two never interleave; otherwise its output goes straight through.
 */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A command installed in node_modules/.bin. */
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Runs `command` with `args`; resolves with its exit code (1 when a signal ended it). */
export function runCommand(name, command, args, { held }) {
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
      if (held || output.length > 0) process.stdout.write(`> ${name}: ${status === 0 ? "passed" : "failed"}\n${Buffer.concat(output).toString()}`);
      resolve(status);
    });
  });
}

/** Runs `npm start`'s entry point as a real child process (as an operator would), for process-level tests. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..", "..");

export interface PortaProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process prints its ready banner; rejects if it exits first. */
  ready(timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

export function spawnPorta(env: Record<string, string | undefined>, args: string[] = ["--protocol-only"]): PortaProcess {
  const childEnv: Record<string, string> = {};
  // No drain delay by default: stop() then takes no longer than the requests in flight.
  for (const [k, v] of Object.entries({ ...process.env, LOG_LEVEL: "warn", SHUTDOWN_DELAY_S: "0", ...env })) if (v !== undefined) childEnv[k] = v;
  for (const name of ["VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_OPTIONS"]) delete childEnv[name];
  // V8's baseline compiler alone for WebAssembly (Prisma's query compiler, PGlite), as in the test
  // workers (vitest.config.ts): a process that lives for a test's few requests would spend more
  // CPU optimising that code than it wins back (about a third of its start).
  const child: ChildProcess = spawn(process.execPath, ["--liftoff-only", path.join(root, "scripts", "start.mjs"), ...args], {
    cwd: root,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code: number | null) => resolve(code)));
  return {
    child,
    output: () => out,
    ready(timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
        const check = () => {
          if (out.includes("Porta is running")) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on("data", check);
        check();
        void exit.then((code) => {
          clearTimeout(timer);
          reject(new Error(`exited with ${code} before it was ready:\n${out}`));
        });
      });
    },
    exited: () => exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exit;
      }
    },
  };
}

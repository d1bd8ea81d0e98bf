/**
 * Graceful shutdown (README, Operations) of a real `npm start` in its own process group, signalled
 * as a terminal or a container runtime signals it (the whole group: npm, tsx and Porta each get
 * it). A login's webhook is in flight when the signal comes: readiness turns 503 at once, a second
 * signal changes nothing, the listener closes after SHUTDOWN_DELAY_S while the login's request
 * still runs, the login then completes with its code, and the process exits 0. The code, kept in
 * the embedded database, redeems after a restart on the same data directory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { loginId, TestBrowser } from "../support/browser";
import { copyEmbeddedTemplate } from "../support/databases";
import { freePort } from "../support/free-port";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import type { TestPorta } from "../support/test-server";
import { waitFor } from "../support/wait-for";
import { MITID, redeem, registerWebhookClient, reply, rpParams, startHookServer } from "./webhook-support";

const root = path.resolve(__dirname, "..", "..");
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface NpmStart {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `npm start -- --protocol-only` as the leader of its own process group. */
function npmStart(env: Record<string, string | undefined>): NpmStart {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  for (const name of ["VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_OPTIONS"]) delete childEnv[name];
  const child = spawn("npm", ["start", "--", "--protocol-only"], { cwd: root, env: childEnv as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    }
  });
  return { child, output: () => out, exited };
}

/** Waits for the process to do `what` (on its own real time), or fails with its output. */
async function until(condition: () => Promise<boolean>, what: string, output: () => string): Promise<void> {
  if (!(await waitFor(condition, 60_000))) throw new Error(`${what} did not happen:\n${output()}`);
}

/** Whether a new TCP connection to the port is refused. */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

it("SIGTERM to the process group during a login's webhook: 503 at once, the login completes, new connections are refused, exit 0; its code redeems after a restart", { timeout: 180_000 }, async () => {
  const copy = copyEmbeddedTemplate(inject("embeddedTemplate"));
  cleanups.push(() => copy.remove());
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), PUBLIC_URL: issuer, DATA_DIR: copy.dataDir, DATABASE_URL: undefined, SHUTDOWN_DELAY_S: "1", LOG_LEVEL: "info", METRICS_TOKEN: undefined };

  // The webhook answers once the drain has been seen from outside (and no sooner than 2 s).
  let called!: () => void;
  const webhookCalled = new Promise<void>((resolve) => (called = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hook = await startHookServer(async (_request, res) => {
    called();
    await Promise.all([released, new Promise((resolve) => setTimeout(resolve, 2000))]);
    reply.noContent(res);
  });
  cleanups.push(() => hook.close());

  const porta = npmStart(env);
  await until(async () => porta.output().includes("Porta is running"), "start-up", porta.output);
  const target: TestPorta = { issuer, adminToken: process.env.PORTA_ADMIN_TOKEN!, close: async () => undefined };
  const client = await registerWebhookClient(target, hook.url, { timeout_ms: 20_000 });

  const browser = new TestBrowser(issuer);
  const start = await browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: "https://rp.example/callback", response_type: "code", scope: "openid", acr_values: MITID, state: "drain", nonce: "drain-nonce" })}`);
  expect(start.status).toBe(303);
  const finishing = browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "mitid-1", decision: "approve" });
  await webhookCalled;

  process.kill(-porta.child.pid!, "SIGTERM");
  let readiness: { status: number; body: unknown } | undefined;
  await until(
    async () => {
      const response = await fetch(`${issuer}/readyz`);
      readiness = { status: response.status, body: await response.json() };
      return response.status === 503;
    },
    "readiness 503",
    porta.output,
  );
  expect(readiness).toEqual({ status: 503, body: { status: "draining" } });
  expect((await fetch(`${issuer}/healthz`)).status).toBe(200); // alive, only leaving

  // A repeated signal (as a second Ctrl-C, or tsx relaying it) does not cut the drain short.
  process.kill(-porta.child.pid!, "SIGTERM");
  await until(() => isRefused(port), "the listener closing", porta.output);
  expect(porta.child.exitCode).toBeNull(); // the login's request still runs
  release();

  const done = await finishing;
  const params = rpParams(done);
  expect(params.state).toBe("drain");
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await porta.exited, porta.output()).toBe(0);
  expect(porta.output()).toMatch(/"msg":"shut down"/);
  expect(await isRefused(port)).toBe(true);

  // The completed login and its code were written to the embedded database, which closed cleanly.
  const again: PortaProcess = spawnPorta({ ...env, SHUTDOWN_DELAY_S: "0" });
  cleanups.push(() => again.stop());
  await again.ready();
  const redeemed = await redeem(target, client, params.code!, "drain-nonce");
  expect(redeemed.idToken.sub).toBeTruthy();
  await again.stop();
  expect(await again.exited()).toBe(0);
});

/**
 * What a 204 webhook adds to a login (printed, not asserted), and that Porta reuses its
 * connection to the webhook (keep-alive agents: lib/net/safe-fetch.ts), so a login does not pay
 * for a new TCP and TLS handshake each time.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerClient, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { login, MOCK, registerWebhookClient, rpParams, type WebhookClient } from "./webhook-support";

const LOGINS = 30;

let porta: TestPorta;
let hook: Server;
let hookUrl: string;
let connections = 0;
let requests = 0;

beforeAll(async () => {
  porta = await startTestPorta();
  hook = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests += 1;
      res.writeHead(204).end();
    });
  });
  hook.keepAliveTimeout = 60_000;
  hook.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/porta/hooks`;
});

afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
  await porta.close();
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One mock-eID login (authorize runs the webhook and answers with the code); its duration in ms. */
async function timedLogin(client: RegisteredClient): Promise<number> {
  const started = performance.now();
  const result = await login(porta, client, { acr: MOCK });
  const elapsed = performance.now() - started;
  expect(rpParams(result.done).code).toBeTruthy();
  return elapsed;
}

describe("latency of a 204 webhook", () => {
  it("measures the median login time with and without a webhook; Porta keeps its connection to the webhook alive", async () => {
    const plain = await registerClient(porta);
    const withHook: WebhookClient = await registerWebhookClient(porta, hookUrl);
    for (let i = 0; i < 5; i++) {
      await timedLogin(plain);
      await timedLogin(withHook);
    }
    const before = { connections, requests };
    const without: number[] = [];
    const withWebhook: number[] = [];
    for (let i = 0; i < LOGINS; i++) {
      without.push(await timedLogin(plain));
      withWebhook.push(await timedLogin(withHook));
    }
    const added = median(withWebhook) - median(without);
    console.log(
      `webhook latency over ${LOGINS} mock-eID logins each: median without ${median(without).toFixed(1)} ms, ` +
        `with a 204 webhook ${median(withWebhook).toFixed(1)} ms, added ${added.toFixed(1)} ms; ` +
        `${requests - before.requests} webhook requests over ${connections - before.connections} new connections`,
    );
    expect(requests - before.requests).toBe(LOGINS);
    // Keep-alive: the measured logins reuse the warm-up connection (a new one only if the server closed it).
    expect(connections - before.connections).toBeLessThanOrEqual(1);
  });
});

/**
 * Webhook failures (README, Login webhooks): every answer other than 204, a valid 200, or a 303 on post-auth
 * — and every timeout, network or TLS error — ends the login at the RP with server_error
 * "login webhook failed" and no code. Connection errors and 5xx are retried once.
 */
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { TestBrowser } from "../support/browser";
import type { TestPorta } from "../support/test-server";
import {
  closedPort,
  expectWebhookFailure,
  login,
  registerWebhookClient,
  reply,
  rpParams,
  type HookHandler,
  type HookServer,
  type WebhookClient,
  useWebhookHarness,
} from "./webhook-support";

let porta: TestPorta;
const { webhook, closeAfterTest } = useWebhookHarness((started) => (porta = started));

async function deliveries(client: WebhookClient) {
  return (await prisma()).webhookDelivery.findMany({ where: { extensionId: client.webhook.id }, orderBy: [{ createdAt: "asc" }, { attempt: "asc" }] });
}

const json = (body: unknown) => (_req: unknown, res: ServerResponse) => reply.json(res, body);
/** A JSON answer written as text (too deep for JSON.stringify to write). */
const rawJson = (text: string) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { "Content-Type": "application/json" }).end(text);

describe("answers that fail the login (post-auth)", () => {
  it.each<[string, HookHandler, string]>([
    ["404", (_req, res) => void res.writeHead(404).end(), "status"],
    ["401", (_req, res) => void res.writeHead(401, { "Content-Type": "application/json" }).end('{"error":"no"}'), "status"],
    ["200 without a body type", (_req, res) => void res.writeHead(200).end(), "invalid_body"],
    ["201 with a valid claims body", (_req, res) => reply.json(res, { claimsOperations: {} }, 201), "status"],
    ["302 with a Location", (_req, res) => void res.writeHead(302, { Location: "https://hooks.example/elsewhere" }).end(), "status"],
    ["303 without a Location", (_req, res) => void res.writeHead(303).end(), "invalid_body"],
    ["303 with a relative Location", (_req, res) => void res.writeHead(303, { Location: "/confirm" }).end(), "invalid_body"],
    ["303 to a javascript: URL", (_req, res) => void res.writeHead(303, { Location: "javascript:alert(1)" }).end(), "invalid_body"],
    ["200 with text/html", (_req, res) => void res.writeHead(200, { "Content-Type": "text/html" }).end("<p>ok</p>"), "invalid_body"],
    ["200 JSON that does not parse", (_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end("{claimsOperations:"), "invalid_body"],
    ["200 JSON of no known shape", json({ result: "ok" }), "invalid_body"],
    ["200 JSON whose claim nests 5,000 arrays deep", rawJson(`{"claimsOperations":{"$set":{"email":${"[".repeat(5000)}${"]".repeat(5000)}}}}`), "invalid_body"],
    ["200 JSON whose claim nests 2,500 objects deep (within the answer's 16 KiB)", rawJson(`{"claimsOperations":{"$set":{"email":${'{"a":'.repeat(2500)}1${"}".repeat(2500)}}}}`), "invalid_body"],
    ["200 claimsOperations with an unknown operation", json({ claimsOperations: { $unset: { email: 1 } } }), "invalid_body"],
    ['200 {"claimsOperations":{"$set":{"sub":"x"}}}', json({ claimsOperations: { $set: { sub: "x" } } }), "disallowed_claim"],
    ["$set of nonce", json({ claimsOperations: { $set: { nonce: "forged" } } }), "disallowed_claim"],
    ["$set of acr", json({ claimsOperations: { $set: { acr: "urn:grn:authn:dk:mitid:high" } } }), "disallowed_claim"],
    ['$set of the bare, non-whitelisted claim "role"', json({ claimsOperations: { $set: { role: "admin" } } }), "disallowed_claim"],
    ["$set of a claim under Porta's own origin", json({}), "disallowed_claim"],
    ['$remove of "sub" (object)', json({ claimsOperations: { $remove: { sub: true } } }), "disallowed_claim"],
    ['$remove of "sub" (array)', json({ claimsOperations: { $remove: ["sub"] } }), "disallowed_claim"],
    ['the older claims shape setting "sub"', json({ claims: { sub: "x" } }), "disallowed_claim"],
  ])("%s → server_error", async (name, handler, errorKind) => {
    const ownOrigin: HookHandler = (_req, res) => reply.json(res, { claimsOperations: { $set: { [`${porta.issuer}/claims/x`]: "mine" } } });
    const { server, client } = await webhook(name === "$set of a claim under Porta's own origin" ? ownOrigin : handler, { claim_whitelist: ["email"] });
    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    expect(server.requests).toHaveLength(1);
    expect(await deliveries(client)).toMatchObject([{ event: "post-auth-event-1.0", attempt: 1, outcome: "failure", errorKind }]);
  });

  it("500 is retried once (two delivery attempts), then server_error", async () => {
    const { server, client } = await webhook((_req, res) => void res.writeHead(500).end());
    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    expect(server.requests).toHaveLength(2);
    expect(await deliveries(client)).toMatchObject([
      { attempt: 1, status: 500, outcome: "failure", errorKind: "status" },
      { attempt: 2, status: 500, outcome: "failure", errorKind: "status" },
    ]);
  });

  it("a 64 KiB 200 body → server_error (with and without Content-Length)", async () => {
    const big = JSON.stringify({ claimsOperations: { $set: { "https://example.com/claims/blob": "x".repeat(64 * 1024) } } });
    for (const chunked of [false, true]) {
      const { server, client } = await webhook((_req, res) => {
        res.writeHead(200, { "Content-Type": "application/json", ...(chunked ? {} : { "Content-Length": String(Buffer.byteLength(big)) }) });
        if (chunked) for (let i = 0; i < big.length; i += 4096) res.write(big.slice(i, i + 4096));
        else res.write(big);
        res.end();
      });
      const result = await login(porta, client);
      expectWebhookFailure(porta, result);
      expect(server.requests).toHaveLength(1);
      expect(await deliveries(client)).toMatchObject([{ attempt: 1, status: null, outcome: "failure", errorKind: "too_large" }]);
    }
  });

  it("an answer slower than timeout_ms (1000) → server_error, heard by the RP within a few seconds", async () => {
    const { server, client } = await webhook(async (_req, res) => {
      // A receiver slower than timeout_ms: the delay is what is under test.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      if (!res.destroyed) reply.noContent(res);
    }, { timeout_ms: 1000 });
    const started = Date.now();
    const result = await login(porta, client);
    const elapsed = Date.now() - started;
    expectWebhookFailure(porta, result);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(5000);
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    const rows = await deliveries(client);
    expect(rows.at(-1)).toMatchObject({ outcome: "failure", errorKind: "timeout", status: null });
  });

  it("timeout_ms covers the retry too: a 500 after 800 ms leaves the second attempt the rest of the 1000 ms", async () => {
    const { server, client } = await webhook(async (_req, res) => {
      // A slow first answer uses up most of timeout_ms: the delay is what is under test.
      await new Promise((resolve) => setTimeout(resolve, 800));
      if (!res.destroyed) res.writeHead(500).end();
    }, { timeout_ms: 1000 });
    const started = Date.now();
    const result = await login(porta, client);
    const elapsed = Date.now() - started;
    expectWebhookFailure(porta, result);
    expect(elapsed).toBeLessThan(3000);
    expect(server.requests).toHaveLength(2);
    const rows = await deliveries(client);
    expect(rows).toMatchObject([
      { attempt: 1, status: 500, outcome: "failure", errorKind: "status" },
      { attempt: 2, status: null, outcome: "failure", errorKind: "timeout" },
    ]);
    // Bounded by what was left of the budget (~200 ms), not a fresh 1000 ms.
    expect(rows[1]!.latencyMs).toBeLessThan(500);
  });

  it("a TLS handshake that never completes → timeout, server_error", async () => {
    // Reads what Porta sends (the TLS ClientHello) and never answers.
    const sockets: Socket[] = [];
    const silent: TcpServer = createTcpServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closeAfterTest(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const client = await registerWebhookClient(porta, `https://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`, { timeout_ms: 1000 });
    const started = Date.now();
    const result = await login(porta, client);
    expect(Date.now() - started).toBeLessThan(5000);
    expectWebhookFailure(porta, result);
    expect(await deliveries(client)).toMatchObject([{ attempt: 1, status: null, outcome: "failure", errorKind: "timeout" }]);
  });

  it("connection refused (nothing listening) → retried once, then server_error", async () => {
    const port = await closedPort();
    const client = await registerWebhookClient(porta, `http://127.0.0.1:${port}/porta/hooks`);
    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    expect(await deliveries(client)).toMatchObject([
      { attempt: 1, status: null, outcome: "failure", errorKind: "network" },
      { attempt: 2, status: null, outcome: "failure", errorKind: "network" },
    ]);
  });

  it("a TLS failure (https:// to a plain HTTP server) → server_error", async () => {
    const { server } = await webhook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, `https://127.0.0.1:${new URL(server.origin).port}/porta/hooks`);
    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    expect(server.requests).toHaveLength(0);
    expect(await deliveries(client)).toMatchObject([{ attempt: 1, status: null, outcome: "failure", errorKind: "tls" }]);
  });

  it("a TLS failure (https:// to a TCP server that closes the connection) → server_error", async () => {
    const tcp: TcpServer = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    closeAfterTest(() => new Promise<void>((resolve) => tcp.close(() => resolve())));
    const client = await registerWebhookClient(porta, `https://127.0.0.1:${(tcp.address() as AddressInfo).port}/`);
    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    const rows = await deliveries(client);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect(row).toMatchObject({ status: null, outcome: "failure" });
    expect(["tls", "network"]).toContain(rows[0]!.errorKind);
  });
});

describe("answers that fail the login on resume", () => {
  async function pausedLogin(onResume: HookHandler): Promise<{ client: WebhookClient; server: HookServer; browser: TestBrowser; state: string; resumeUrl: string }> {
    const { server, client } = await webhook((req, res) => {
      if (req.body.event === "post-auth-event-1.0") return void res.writeHead(303, { Location: "https://hooks.example/confirm" }).end();
      return onResume(req, res);
    });
    const browser = new TestBrowser(porta.issuer);
    const paused = await login(porta, client, { browser });
    expect(paused.done).toMatchObject({ status: 303, location: "https://hooks.example/confirm" });
    return { client, server, browser, state: paused.state, resumeUrl: server.requests[0]!.body.resumeUrl as string };
  }

  it("a 303 answer to post-auth-resume → server_error", async () => {
    const paused = await pausedLogin((_req, res) => void res.writeHead(303, { Location: "https://hooks.example/again" }).end());
    const done = await paused.browser.get(paused.resumeUrl);
    expect(rpParams(done)).toEqual({ error: "server_error", error_description: "login webhook failed", state: paused.state, iss: porta.issuer });
    expect(paused.server.requests.map((r) => r.body.event)).toEqual(["post-auth-event-1.0", "post-auth-resume-event-1.0"]);
    expect((await deliveries(paused.client)).at(-1)).toMatchObject({ event: "post-auth-resume-event-1.0", status: 303, outcome: "failure", errorKind: "redirect_not_allowed" });
  });

  it("a 404 answer to post-auth-resume → server_error", async () => {
    const paused = await pausedLogin((_req, res) => void res.writeHead(404).end());
    const done = await paused.browser.get(paused.resumeUrl);
    expect(rpParams(done)).toEqual({ error: "server_error", error_description: "login webhook failed", state: paused.state, iss: porta.issuer });
  });

  it("$set of sub on resume → server_error", async () => {
    const paused = await pausedLogin((_req, res) => reply.json(res, { claimsOperations: { $set: { sub: "x" } } }));
    const done = await paused.browser.get(paused.resumeUrl);
    expect(rpParams(done)).toEqual({ error: "server_error", error_description: "login webhook failed", state: paused.state, iss: porta.issuer });
  });

  it("abort on resume → access_denied with the webhook's description", async () => {
    const paused = await pausedLogin((_req, res) => reply.json(res, { abort: { error_description: "The user did not accept the terms" } }));
    const done = await paused.browser.get(`${paused.resumeUrl}?accepted=false`);
    expect(rpParams(done)).toEqual({ error: "access_denied", error_description: "The user did not accept the terms", state: paused.state, iss: porta.issuer });
  });
});

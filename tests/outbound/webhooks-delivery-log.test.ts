/**
 * The delivery log (README, "Login webhooks"): one WebhookDelivery row per attempt — event,
 * attempt, status, latency, outcome, error kind — and no personal data; "send test event" posts a
 * synthetic event and logs it as a test delivery.
 */
import type { ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { findApplication } from "../../lib/clients/find-application";
import { prisma } from "../../lib/db/client";
import { logger } from "../../lib/log";
import { sendTestEvent } from "../../lib/webhooks/send-test-event";
import { registerClient } from "../support/clients";
import { TestBrowser } from "../support/browser";
import type { TestPorta } from "../support/test-server";
import {
  closedPort,
  login,
  loginAndRedeem,
  registerWebhookClient,
  reply,
  rpParams,
  type HookHandler,
  type WebhookClient,
  useWebhookHarness,
} from "./webhook-support";

let porta: TestPorta;
const { webhook } = useWebhookHarness((started) => (porta = started));

async function rows(client: WebhookClient) {
  return (await prisma()).webhookDelivery.findMany({ where: { extensionId: client.webhook.id }, orderBy: [{ createdAt: "asc" }, { attempt: "asc" }] });
}

async function applicationId(client: WebhookClient): Promise<string> {
  return (await findApplication(client.client_id))!.id;
}

/** Values of test identity mitid-1 that must never appear in a delivery row. */
const PERSONAL = ["1406851237", "140685-1237", "Peter", "Jensen", "5f0c2a7e-3b1d-4c8e-9a62-1d7e4b9f0a31", "1985-06-14", "Vestergade", "Aarhus"];

function expectNoPersonalData(row: object, sub?: string): void {
  const text = JSON.stringify(row);
  for (const value of [...PERSONAL, ...(sub ? [sub] : [])]) expect(text).not.toContain(value);
}

const json = (body: unknown) => (_req: unknown, res: ServerResponse) => reply.json(res, body);

describe("a row per attempt", () => {
  it("204: one post-auth row with status, latency, outcome continue and no personal data", async () => {
    const { server, client } = await webhook((_req, res) => reply.noContent(res));
    const result = await loginAndRedeem(porta, client, { scope: "openid ssn profile address birthdate" });
    const [row, ...rest] = await rows(client);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      applicationId: await applicationId(client),
      extensionId: client.webhook.id,
      conversationId: server.requests[0]!.body.conversationId,
      event: "post-auth-event-1.0",
      attempt: 1,
      status: 204,
      outcome: "continue",
      errorKind: null,
      isTest: false,
    });
    expect(Number.isInteger(row!.latencyMs)).toBe(true);
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(row!.latencyMs).toBeLessThan(10_000);
    expectNoPersonalData(row!, result.idToken.sub);
  });

  it("200 claims → outcome claims; abort → outcome abort", async () => {
    const claims = await webhook(json({ claimsOperations: { $set: { "https://example.com/claims/role": "advisor" } } }));
    await loginAndRedeem(porta, claims.client, { scope: "openid ssn" });
    expect(await rows(claims.client)).toMatchObject([{ event: "post-auth-event-1.0", attempt: 1, status: 200, outcome: "claims", errorKind: null }]);
    expectNoPersonalData((await rows(claims.client))[0]!);

    const abort = await webhook(json({ abort: { error_description: "Peter Jensen 1406851237 is locked" } }));
    const result = await login(porta, abort.client, { scope: "openid ssn" });
    expect(rpParams(result.done).error).toBe("access_denied");
    const [row] = await rows(abort.client);
    expect(row).toMatchObject({ status: 200, outcome: "abort", errorKind: null });
    expectNoPersonalData(row!);
  });

  it("303 then resume: a redirect row and a post-auth-resume row with the same conversationId", async () => {
    const { server, client } = await webhook((req, res) => {
      if (req.body.event === "post-auth-event-1.0") return void res.writeHead(303, { Location: "https://hooks.example/confirm" }).end();
      reply.noContent(res);
    });
    const browser = new TestBrowser(porta.issuer);
    await login(porta, client, { browser, scope: "openid ssn" });
    expect(rpParams(await browser.get(`${server.requests[0]!.body.resumeUrl as string}?accepted=true`)).code).toBeTruthy();
    const conversationId = server.requests[0]!.body.conversationId;
    const logged = await rows(client);
    expect(logged).toMatchObject([
      { event: "post-auth-event-1.0", attempt: 1, status: 303, outcome: "redirect", errorKind: null, conversationId },
      { event: "post-auth-resume-event-1.0", attempt: 1, status: 204, outcome: "continue", errorKind: null, conversationId },
    ]);
    for (const row of logged) expectNoPersonalData(row);
  });

  it.each<[string, HookHandler, { claim_whitelist?: string[] }, { status: number | null; errorKind: string }]>([
    ["404", (_req, res) => void res.writeHead(404).end(), {}, { status: 404, errorKind: "status" }],
    ["$set of a bare claim", json({ claimsOperations: { $set: { role: "admin" } } }), {}, { status: 200, errorKind: "disallowed_claim" }],
    ["$remove of sub", json({ claimsOperations: { $remove: ["sub"] } }), {}, { status: 200, errorKind: "disallowed_claim" }],
    ["text/html", (_req, res) => void res.writeHead(200, { "Content-Type": "text/html" }).end("<p>Peter</p>"), {}, { status: 200, errorKind: "invalid_body" }],
    ["a 64 KiB body", json({ claims: { "urn:x:blob": "x".repeat(64 * 1024) } }), {}, { status: null, errorKind: "too_large" }],
  ])("%s → one failure row with its error kind", async (_name, handler, config, expected) => {
    const { client } = await webhook(handler, config);
    const result = await login(porta, client, { scope: "openid ssn" });
    expect(rpParams(result.done).error).toBe("server_error");
    const logged = await rows(client);
    expect(logged).toMatchObject([{ event: "post-auth-event-1.0", attempt: 1, outcome: "failure", ...expected }]);
    expectNoPersonalData(logged[0]!);
  });

  it("500 twice → two rows, attempts 1 and 2", async () => {
    const { client } = await webhook((_req, res) => void res.writeHead(503).end());
    await login(porta, client);
    expect(await rows(client)).toMatchObject([
      { attempt: 1, status: 503, outcome: "failure", errorKind: "status" },
      { attempt: 2, status: 503, outcome: "failure", errorKind: "status" },
    ]);
  });

  it("500 then 204 → a failure row and a continue row", async () => {
    let calls = 0;
    const { client } = await webhook((_req, res) => {
      calls += 1;
      if (calls === 1) return void res.writeHead(502).end();
      reply.noContent(res);
    });
    await loginAndRedeem(porta, client);
    expect(await rows(client)).toMatchObject([
      { attempt: 1, status: 502, outcome: "failure", errorKind: "status" },
      { attempt: 2, status: 204, outcome: "continue", errorKind: null },
    ]);
  });

  it("a timeout → one row with errorKind timeout and the time it waited", async () => {
    const { client } = await webhook(async (_req, res) => {
      // A receiver slower than timeout_ms: the delay is what is under test.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      if (!res.destroyed) reply.noContent(res);
    }, { timeout_ms: 1000 });
    await login(porta, client);
    const logged = await rows(client);
    expect(logged).toMatchObject([{ attempt: 1, status: null, outcome: "failure", errorKind: "timeout" }]);
    expect(logged[0]!.latencyMs).toBeGreaterThanOrEqual(950);
  });

  it("connection refused → two rows with errorKind network", async () => {
    const client = await registerWebhookClient(porta, `http://127.0.0.1:${await closedPort()}/hooks`);
    await login(porta, client);
    expect(await rows(client)).toMatchObject([
      { attempt: 1, status: null, outcome: "failure", errorKind: "network" },
      { attempt: 2, status: null, outcome: "failure", errorKind: "network" },
    ]);
  });

  it("a TLS failure → one row with errorKind tls", async () => {
    const { server } = await webhook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, `https://127.0.0.1:${new URL(server.origin).port}/hooks`);
    await login(porta, client);
    expect(await rows(client)).toMatchObject([{ attempt: 1, status: null, outcome: "failure", errorKind: "tls" }]);
  });
});

describe("logs", () => {
  it("Porta's log lines about webhook attempts carry no personal data", async () => {
    const lines: unknown[][] = [];
    const spies = (["info", "warn", "error"] as const).map((level) => vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void lines.push(args)));
    try {
      const failing = await webhook((_req, res) => void res.writeHead(500, { "Content-Type": "text/plain" }).end("Peter Jensen 1406851237"));
      const result = await login(porta, failing.client, { scope: "openid ssn profile" });
      expect(rpParams(result.done).error).toBe("server_error");
      const disallowed = await webhook(json({ claimsOperations: { $set: { role: "Peter Jensen" } } }));
      await login(porta, disallowed.client, { scope: "openid ssn" });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const warnings = lines.map((args) => JSON.stringify(args));
    expect(warnings.some((line) => line.includes("webhook attempt failed"))).toBe(true);
    for (const line of warnings) expectNoPersonalData({ line });
  });
});

describe("send test event", () => {
  it("returns continue for a 204 webhook and logs an isTest row", async () => {
    const { server, client } = await webhook((_req, res) => reply.noContent(res));
    const application = await findApplication(client.client_id);
    expect(await sendTestEvent(application!)).toEqual({ kind: "continue" });
    expect(server.requests).toHaveLength(1);
    const event = server.requests[0]!.body;
    expect(event).toMatchObject({ event: "post-auth-event-1.0", environment: "test" });
    expect(server.requests[0]!.token).toMatchObject({ iss: `${porta.issuer}/extensions/service`, sub: client.tenant_id, aud: client.webhook.id });
    expect(await rows(client)).toMatchObject([
      { applicationId: application!.id, conversationId: event.conversationId, event: "post-auth-event-1.0", attempt: 1, status: 204, outcome: "continue", errorKind: null, isTest: true },
    ]);
  });

  it("reports the answer: claims, abort, redirect and failure", async () => {
    const answers: Array<[HookHandler, unknown]> = [
      [json({ claimsOperations: { $set: { "urn:x:y": 1 } } }), { kind: "continue", operations: { set: { "urn:x:y": 1 }, remove: [] } }],
      [json({ abort: { error_description: "closed" } }), { kind: "abort", description: "closed" }],
      [(_req, res) => void res.writeHead(303, { Location: "https://hooks.example/c" }).end(), { kind: "redirect", location: "https://hooks.example/c" }],
      [(_req, res) => void res.writeHead(404).end(), { kind: "failure", failure: "status", detail: "the webhook answered HTTP 404" }],
    ];
    for (const [handler, expected] of answers) {
      const { client } = await webhook(handler);
      expect(await sendTestEvent((await findApplication(client.client_id))!)).toEqual(expected);
      expect((await rows(client)).every((row) => row.isTest)).toBe(true);
    }
  });

  it("an application without a webhook: a failure and no row", async () => {
    const plain = await registerClient(porta);
    const application = await findApplication(plain.client_id);
    expect(await sendTestEvent(application!)).toMatchObject({ kind: "failure", failure: "bad_url" });
    expect(await (await prisma()).webhookDelivery.count({ where: { applicationId: application!.id } })).toBe(0);
  });
});

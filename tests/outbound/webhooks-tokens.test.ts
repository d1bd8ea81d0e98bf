/**
 * Webhook bearer tokens (README, "Login webhooks"): their claims, one per attempt, and the
 * reference receiver (examples/webhook-receiver) accepting them and refusing replays and tokens
 * meant for another extension.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { startReceiver, type RunningReceiver } from "../../examples/webhook-receiver/receiver";
import { clearApplicationCache } from "../../lib/clients/find-application";
import { prisma } from "../../lib/db/client";
import type { TestPorta } from "../support/test-server";
import {
  closedPort,
  expectWebhookFailure,
  login,
  loginAndRedeem,
  registerWebhookClient,
  reply,
  type WebhookClient,
  useWebhookHarness,
} from "./webhook-support";

let porta: TestPorta;
const { hook, closeAfterTest } = useWebhookHarness((started) => (porta = started));

const extensionsService = () => `${porta.issuer}/extensions/service`;

async function receiver(client: WebhookClient, port: number, extensionId = client.webhook.id): Promise<RunningReceiver> {
  const running = await startReceiver({
    jwksUrl: `${extensionsService()}/.well-known/jwks`,
    issuer: extensionsService(),
    tenantId: client.tenant_id,
    extensionId,
    port,
    decide: () => ({ status: 204 }),
  });
  closeAfterTest(() => running.close());
  return running;
}

/** Registers a client whose webhook points at a free port where the test then starts a receiver. */
async function clientOnFreePort(): Promise<{ client: WebhookClient; port: number }> {
  const port = await closedPort();
  return { client: await registerWebhookClient(porta, `http://127.0.0.1:${port}/porta/hooks`), port };
}

describe("token claims", () => {
  it("carries iss {EXTENSIONS_URL}/service, sub = tenant id, aud = extension id, a 5-minute lifetime and nbf, signed by the extension keys", async () => {
    const server = await hook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, server.url);
    await loginAndRedeem(porta, client);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    const token = /^Bearer (.+)$/.exec(request!.authorization)![1]!;
    const header = decodeProtectedHeader(token);
    expect(header).toMatchObject({ alg: "RS256", typ: "JWT" });
    expect(typeof header.kid).toBe("string");

    const jwks = createRemoteJWKSet(new URL(`${extensionsService()}/.well-known/jwks`));
    const { payload } = await jwtVerify(token, jwks, { algorithms: ["RS256"], issuer: extensionsService(), subject: client.tenant_id, audience: client.webhook.id });
    expect(payload.iss).toBe(`${porta.issuer}/extensions/service`);
    expect(payload.sub).toBe(client.tenant_id);
    expect(payload.aud).toBe(client.webhook.id);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.nbf).toBe(payload.iat);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(30);
    expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const published = (await (await fetch(`${extensionsService()}/.well-known/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(published.keys.map((k) => k.kid)).toContain(header.kid);
    for (const key of published.keys) for (const member of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key).not.toHaveProperty(member);

    // The tenant's OIDC keys do not verify it: the extension keys are separate.
    const oidcJwks = createRemoteJWKSet(new URL(`${porta.issuer}/.well-known/jwks`));
    await expect(jwtVerify(token, oidcJwks)).rejects.toThrow();
  });

  it("each attempt has a new jti: a 500 then 204 webhook sees two different tokens and the login succeeds", async () => {
    const server = await hook((req, res) => {
      if (server.requests.length === 1) res.writeHead(500).end();
      else reply.noContent(res);
    });
    const client = await registerWebhookClient(porta, server.url);
    await loginAndRedeem(porta, client);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests.map((r) => r.token);
    expect(first!.jti).toBeTruthy();
    expect(second!.jti).toBeTruthy();
    expect(second!.jti).not.toBe(first!.jti);
    expect(server.requests[1]!.raw).toBe(server.requests[0]!.raw);
  });

  it("every login's token has its own jti", async () => {
    const server = await hook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, server.url);
    await loginAndRedeem(porta, client);
    await loginAndRedeem(porta, client);
    expect(new Set(server.requests.map((r) => r.token.jti)).size).toBe(2);
  });
});

describe("the reference receiver", () => {
  it("accepts Porta's tokens: the login continues and nothing was rejected", async () => {
    const { client, port } = await clientOnFreePort();
    const running = await receiver(client, port);
    const result = await loginAndRedeem(porta, client, { scope: "openid ssn" });
    expect(running.rejections).toEqual([]);
    expect(running.events).toHaveLength(1);
    const event = running.events[0]!;
    expect(event.event).toBe("post-auth-event-1.0");
    if (event.event === "post-auth-event-1.0") expect(event.user.sub).toBe(result.idToken.sub);
  });

  it("rejects a replayed token with 401 and records the rejection", async () => {
    const { client, port } = await clientOnFreePort();
    const running = await receiver(client, port);
    // A raw server in front of the receiver captures Porta's request and forwards it unchanged.
    const proxy = await hook(async (req, res) => {
      const forwarded = await fetch(`${running.origin}/porta/hooks`, { method: "POST", headers: { Authorization: req.authorization, "Content-Type": "application/json" }, body: req.raw });
      res.writeHead(forwarded.status).end(await forwarded.text());
    });
    await (await prisma()).webhookExtension.update({ where: { id: client.webhook.id }, data: { url: proxy.url } });
    clearApplicationCache(); // written behind the application service's back

    await loginAndRedeem(porta, client);
    expect(running.events).toHaveLength(1);
    expect(running.rejections).toEqual([]);

    const [captured] = proxy.requests;
    const replay = await fetch(`${running.origin}/porta/hooks`, { method: "POST", headers: { Authorization: captured!.authorization, "Content-Type": "application/json" }, body: captured!.raw });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: "replayed token (jti already seen)" });
    expect(running.rejections).toEqual(["replayed token (jti already seen)"]);
    expect(running.events).toHaveLength(1);
  });

  it("rejects a token whose aud is another extension's id: Porta's login then fails with server_error", async () => {
    const other = await registerWebhookClient(porta, "https://hooks.example/other");
    const { client, port } = await clientOnFreePort();
    expect(other.webhook.id).not.toBe(client.webhook.id);
    const running = await receiver(client, port, other.webhook.id);

    const result = await login(porta, client);
    expectWebhookFailure(porta, result);
    expect(running.events).toEqual([]);
    expect(running.rejections).toHaveLength(1);
    expect(running.rejections[0]).toMatch(/^invalid token: .*aud/);

    const deliveries = await (await prisma()).webhookDelivery.findMany({ where: { extensionId: client.webhook.id } });
    expect(deliveries).toMatchObject([{ attempt: 1, status: 401, outcome: "failure", errorKind: "status" }]);
  });

  it("rejects a token for another tenant (sub) the same way", async () => {
    const { client, port } = await clientOnFreePort();
    const running = await startReceiver({
      jwksUrl: `${extensionsService()}/.well-known/jwks`,
      issuer: extensionsService(),
      tenantId: "00000000-0000-4000-8000-000000000000",
      extensionId: client.webhook.id,
      port,
      decide: () => ({ status: 204 }),
    });
    closeAfterTest(() => running.close());
    expectWebhookFailure(porta, await login(porta, client));
    expect(running.rejections).toHaveLength(1);
    expect(running.rejections[0]).toMatch(/^invalid token: .*sub/);
  });
});

/**
 * What the protocol hot path keeps in memory, and when it lets go (docs/scaling.md, "What each
 * instance caches"): discovery and JWKS are served from a serialised copy with an entity tag (304
 * on If-None-Match), a key rotation changes the JWKS at once; the client configuration is cached,
 * and every write through registration is seen by the next request at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { rotateKeysWithAudit } from "../../lib/keys/rotate-with-audit";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK } from "../support/clients";
import { authorizePath, expectCode, expectErrorPage, MOCK, redeem, tokenRequest } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;

beforeAll(async () => {
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
});

describe("discovery and JWKS documents", () => {
  it.each(["/.well-known/openid-configuration", "/.well-known/jwks"])("%s carries an ETag; If-None-Match with it → 304 without a body", async (path) => {
    const first = await fetch(`${porta.issuer}${path}`);
    const body = await first.text();
    const etag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Number(first.headers.get("content-length"))).toBe(Buffer.byteLength(body));

    // Documents are written with their own header list: the request id is still in it.
    expect(first.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{3,64}$/);

    const again = await fetch(`${porta.issuer}${path}`, { headers: { "If-None-Match": `W/"other", ${etag}`, "X-Request-Id": "doc-304" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-request-id")).toBe("doc-304");
    expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));

    const stale = await fetch(`${porta.issuer}${path}`, { headers: { "If-None-Match": '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
  });

  it("discovery with a client_id (read from the database, not cached) answers with its request id and length", async () => {
    const response = await fetch(`${porta.issuer}/.well-known/openid-configuration?client_id=porta-demo`, { headers: { "X-Request-Id": "doc-client" } });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("doc-client");
    expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(body));
    expect((JSON.parse(body) as { issuer: string }).issuer).toBe(porta.issuer);
  });

  it("HEAD answers the headers without a body", async () => {
    const head = await fetch(`${porta.issuer}/.well-known/jwks`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeTruthy();
    expect(await head.text()).toBe("");
  });

  it("a key rotation on this instance changes the served JWKS and its ETag at once", async () => {
    const before = await fetch(`${porta.issuer}/.well-known/jwks`);
    const beforeKids = ((await before.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    const tenant = await (await db()).prisma.tenant.findFirstOrThrow();
    await rotateKeysWithAudit({ purpose: "oidc", tenantId: tenant.id }, { type: "system", id: null, tenantId: null });
    const after = await fetch(`${porta.issuer}/.well-known/jwks`, { headers: { "If-None-Match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const afterKids = ((await after.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    expect(afterKids.filter((kid) => !beforeKids.includes(kid)).length).toBeGreaterThan(0);
  });
});

describe("client configuration cache", () => {
  const update = (clientId: string, token: string, metadata: Record<string, unknown>) =>
    fetch(`${porta.issuer}/oauth2/register/${clientId}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ client_id: clientId, ...metadata }),
    });

  it("a registration update is used by the very next authorization request", async () => {
    const rp = await registerClient(porta);
    const browser = () => new TestBrowser(porta.issuer);
    expectCode(await browser().get(authorizePath(rp, { acr_values: MOCK, state: "s" })), porta, "s"); // now cached
    const moved = "https://rp.example/moved";
    const response = await update(rp.client_id, rp.registration_access_token, {
      client_name: "Test RP",
      redirect_uris: [moved],
      response_types: ["code", "id_token"],
      grant_types: ["authorization_code", "implicit"],
    });
    expect(response.status).toBe(200);
    expectErrorPage(await browser().get(authorizePath(rp, { acr_values: MOCK })), "invalid_redirect_uri");
    const hop = await browser().get(authorizePath(rp, { acr_values: MOCK, redirect_uri: moved, state: "m" }));
    expect(hop.location?.startsWith(`${moved}?`)).toBe(true);
  });

  it("a deleted application is refused by the very next token request", async () => {
    const rp = await registerClient(porta);
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MOCK, state: "d" }));
    const { code } = expectCode(hop, porta, "d");
    const deleted = await fetch(`${porta.issuer}/oauth2/register/${rp.client_id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${rp.registration_access_token}` },
    });
    expect(deleted.status).toBe(204);
    const refused = await redeem(porta, rp, code);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_client");
  });

  it("a client_secret_basic client authenticates from the cache, and a wrong secret is still refused", async () => {
    const rp = await registerClient(porta);
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MOCK, state: "b" }));
    const { code } = expectCode(hop, porta, "b");
    const wrong = await tokenRequest(porta, { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(rp.client_id, "wrong") });
    expect(wrong.status).toBe(401);
    expect((await redeem(porta, rp, code)).status).toBe(200);
  });
});

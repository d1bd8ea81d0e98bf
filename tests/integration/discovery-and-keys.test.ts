import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { clearJwksCache } from "../../lib/keys/jwks";
import { publishedKeys, rotateKeys } from "../../lib/keys/key-store";
import { activeSigningKey, clearSigningKeyCache } from "../../lib/keys/signing-keys";
import { DEMO_CLIENT_ID } from "../../lib/setup/demo";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;

beforeAll(async () => {
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
});

async function getJson(path: string): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${porta.issuer}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe("discovery", () => {
  it("publishes the issuer and its endpoints, cacheable and open to any origin", async () => {
    const { status, headers, body } = await getJson("/.well-known/openid-configuration");
    expect(status).toBe(200);
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(body.issuer).toBe(porta.issuer);
    expect(body.jwks_uri).toBe(`${porta.issuer}/.well-known/jwks`);
    expect(body.registration_endpoint).toBe(`${porta.issuer}/oauth2/register`);
    expect(body.id_token_signing_alg_values_supported).toEqual(["RS256", "PS256", "ES256"]);
    expect(body.scopes_supported).toContain("openid");
  });

  it("lists the mock eID only for a test tenant's client (?client_id=)", async () => {
    const tenantWide = await getJson("/.well-known/openid-configuration");
    expect(tenantWide.body.acr_values_supported).not.toContain("urn:grn:authn:mock");
    const forDemo = await getJson(`/.well-known/openid-configuration?client_id=${DEMO_CLIENT_ID}`);
    expect(forDemo.body.acr_values_supported).toContain("urn:grn:authn:mock");
    expect(forDemo.body.acr_values_supported).toContain("urn:grn:authn:se:bankid");
  });

  it("answers an unknown client_id with the tenant-wide document, revealing nothing", async () => {
    const unknown = await getJson("/.well-known/openid-configuration?client_id=no-such-client");
    const tenantWide = await getJson("/.well-known/openid-configuration");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(tenantWide.body);
  });

  it("refuses other methods with 405 and an Allow header", async () => {
    const response = await fetch(`${porta.issuer}/.well-known/openid-configuration`, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("JWKS", () => {
  it("serves public keys only, one current and one next per algorithm, with kid, alg and use", async () => {
    const { status, headers, body } = await getJson("/.well-known/jwks");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/jwk-set+json");
    expect(headers.get("cache-control")).toMatch(/max-age=\d+/);
    const keys = body.keys as Record<string, unknown>[];
    expect(keys).toHaveLength(6);
    for (const key of keys) {
      expect(key).toMatchObject({ use: "sig" });
      expect(typeof key.kid).toBe("string");
      for (const privateMember of ["d", "p", "q", "dp", "dq", "qi", "k"]) expect(key).not.toHaveProperty(privateMember);
    }
    expect(keys.map((k) => k.alg).sort()).toEqual(["ES256", "ES256", "PS256", "PS256", "RS256", "RS256"]);
  });

  it("keeps the webhook service keys apart from the ID token keys", async () => {
    const oidc = (await getJson("/.well-known/jwks")).body.keys as { kid: string }[];
    const extension = (await getJson("/extensions/service/.well-known/jwks")).body.keys as { kid: string; alg: string }[];
    expect(extension.length).toBe(2);
    expect(extension.every((k) => k.alg === "RS256")).toBe(true);
    const oidcKids = new Set(oidc.map((k) => k.kid));
    expect(extension.some((k) => oidcKids.has(k.kid))).toBe(false);
  });

  it("rotation signs with the pre-published key, keeps the retired one published, and adds a new next key", async () => {
    const database = await db();
    const tenant = await database.prisma.tenant.findFirstOrThrow();
    const owner = { purpose: "oidc" as const, tenantId: tenant.id };
    const before = await publishedKeys(database, "oidc");
    const rsBefore = before.filter((k) => k.alg === "RS256");
    const oldCurrent = rsBefore.find((k) => k.state === "current")!;
    const oldNext = rsBefore.find((k) => k.state === "next")!;

    // Something signed before rotation must still verify afterwards.
    const signer = await activeSigningKey("oidc", tenant.id, "RS256");
    expect(signer.kid).toBe(oldCurrent.kid);
    const earlier = await new SignJWT({ probe: 1 }).setProtectedHeader({ alg: "RS256", kid: signer.kid }).setIssuedAt().sign(signer.key);

    const promoted = await rotateKeys(database, owner);
    expect(promoted).toContain(oldNext.kid);
    clearJwksCache();
    clearSigningKeyCache();

    const after = (await getJson("/.well-known/jwks")).body as { keys: { kid: string; alg: string }[] };
    const kids = after.keys.map((k) => k.kid);
    expect(kids).toContain(oldCurrent.kid); // retired, still published
    expect(kids).toContain(oldNext.kid); // now current
    expect(after.keys.filter((k) => k.alg === "RS256")).toHaveLength(3);

    const nowSigning = await activeSigningKey("oidc", tenant.id, "RS256");
    expect(nowSigning.kid).toBe(oldNext.kid);
    const jwks = createLocalJWKSet(after as never);
    await expect(jwtVerify(earlier, jwks)).resolves.toBeTruthy();
  });

  it("stores private keys encrypted, never as plain JWK", async () => {
    const rows = await (await db()).prisma.signingKey.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateKey.startsWith("v1.")).toBe(true);
      expect(row.privateKey).not.toContain('"d"');
    }
  });
});

describe("health", () => {
  it("reports liveness and database readiness", async () => {
    expect((await getJson("/healthz")).body).toEqual({ status: "ok" });
    const ready = await getJson("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ok");
  });

  it("answers unknown paths with a JSON 404 on a protocol-only instance", async () => {
    const response = await fetch(`${porta.issuer}/no/such/path`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe("not_found");
  });

  it("echoes a sane X-Request-Id and generates one otherwise", async () => {
    const echoed = await fetch(`${porta.issuer}/healthz`, { headers: { "X-Request-Id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
    const generated = await fetch(`${porta.issuer}/healthz`, { headers: { "X-Request-Id": "bad id\twith spaces" } });
    const next = await fetch(`${porta.issuer}/healthz`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{3,64}$/);
    expect(next.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9_-]{3,64}$/);
    expect(next.headers.get("x-request-id")).not.toBe(generated.headers.get("x-request-id"));
  });
});

describe("registration smoke", () => {
  it("registers through the running server", async () => {
    const response = await register(porta, { redirect_uris: ["https://rp.example/cb"] });
    expect(response.status).toBe(201);
  });
});

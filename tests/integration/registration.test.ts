import { exportJWK, generateKeyPair } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { randomToken, randomUUID } from "../../lib/crypto/random";
import { config } from "../../lib/config";
import { db } from "../../lib/db/client";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;

beforeAll(async () => {
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
});

type Json = Record<string, unknown>;

async function prisma() {
  return (await db()).prisma;
}

async function readJson(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

async function storedCounts(): Promise<{ applications: number; webhooks: number; audit: number }> {
  const p = await prisma();
  return { applications: await p.application.count(), webhooks: await p.webhookExtension.count(), audit: await p.auditEvent.count() };
}

async function registerOk(metadata: Json, token?: string): Promise<Json> {
  const response = await register(porta, metadata, token);
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

function configuration(clientId: string, registrationToken: string | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (registrationToken !== null) headers.set("Authorization", `Bearer ${registrationToken}`);
  return fetch(`${porta.issuer}/oauth2/register/${encodeURIComponent(clientId)}`, { ...init, headers });
}

function putJson(clientId: string, registrationToken: string, body: unknown): Promise<Response> {
  return configuration(clientId, registrationToken, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Sends `send()`, expects the error response, and checks that no row was written. */
async function expectRefused(send: () => Promise<Response>, status: number, error: string, description?: RegExp): Promise<Response> {
  const before = await storedCounts();
  const response = await send();
  const body = await readJson(response);
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe("string");
  expect((body.error_description as string).length).toBeGreaterThan(0);
  if (description) expect(body.error_description).toMatch(description);
  expect(body).not.toHaveProperty("client_id");
  expect(body).not.toHaveProperty("client_secret");
  expect(body).not.toHaveProperty("registration_access_token");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await storedCounts()).toEqual(before);
  return response;
}

const HTTPS_REDIRECT = "https://rp.example/callback";

describe("registration (RFC 7591)", () => {
  it("openid-client registers a client and gets client_id, client_secret, registration_access_token and registration_client_uri", async () => {
    const configured = await client.dynamicClientRegistration(
      new URL(porta.issuer),
      { client_name: "openid-client RP", redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "client_secret_basic" },
      undefined,
      { initialAccessToken: porta.adminToken, execute: [client.allowInsecureRequests] },
    );
    const metadata = configured.clientMetadata();
    expect(typeof metadata.client_id).toBe("string");
    expect(metadata.client_id.length).toBeGreaterThan(0);
    expect(typeof metadata.client_secret).toBe("string");
    expect(typeof metadata.registration_access_token).toBe("string");
    expect(metadata.registration_client_uri).toBe(`${porta.issuer}/oauth2/register/${metadata.client_id}`);
    expect(metadata.redirect_uris).toEqual([HTTPS_REDIRECT]);
    expect(configured.serverMetadata().issuer).toBe(porta.issuer);

    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: metadata.client_id } });
    expect(stored.clientName).toBe("openid-client RP");
    expect(stored.redirectUris).toEqual([HTTPS_REDIRECT]);
  });

  it("a plain fetch registration returns 201, no-store, the defaults and the one-time values", async () => {
    const response = await register(porta, { redirect_uris: [HTTPS_REDIRECT] });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await readJson(response);
    expect(body).toMatchObject({
      redirect_uris: [HTTPS_REDIRECT],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "RS256",
      client_secret_expires_at: 0,
      environment: "test",
      scope_strategy: "dynamic",
    });
    expect(body.client_name).toBe(body.client_id);
    expect(typeof body.client_secret).toBe("string");
    expect(typeof body.registration_access_token).toBe("string");
    expect(body.registration_client_uri).toBe(`${porta.issuer}/oauth2/register/${body.client_id as string}`);
    expect(body.client_id_issued_at).toBeTypeOf("number");
  });

  it("an answer with text beyond ASCII is sent whole: Content-Length counts its UTF-8 bytes", async () => {
    const response = await register(porta, { redirect_uris: [HTTPS_REDIRECT], client_name: "Bølle Bank — Ærø ✓" });
    expect(response.status).toBe(201);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect((JSON.parse(bytes.toString("utf8")) as Json).client_name).toBe("Bølle Bank — Ærø ✓");
  });

  it("http redirect URIs to localhost, 127.0.0.1 and [::1] are accepted for a test tenant", async () => {
    const uris = ["http://localhost:8080/cb", "http://127.0.0.1/cb", "http://[::1]:9000/cb"];
    const body = await registerOk({ redirect_uris: uris });
    expect(body.redirect_uris).toEqual(uris);
  });

  it("a client_id or client_secret in the request body is ignored: the server chooses both", async () => {
    const body = await registerOk({ redirect_uris: [HTTPS_REDIRECT], client_id: "chosen-by-client", client_secret: "chosen-secret" });
    expect(body.client_id).not.toBe("chosen-by-client");
    expect(body.client_secret).not.toBe("chosen-secret");
    expect(await (await prisma()).application.count({ where: { clientId: "chosen-by-client" } })).toBe(0);
  });

  it("a public client (none) gets no client_secret and no client_secret_expires_at", async () => {
    const body = await registerOk({ redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "none" });
    expect(body).not.toHaveProperty("client_secret");
    expect(body).not.toHaveProperty("client_secret_expires_at");
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: body.client_id as string } });
    expect(stored.clientSecretHash).toBeNull();
  });

  it("private_key_jwt with a public JWKS is accepted and returns no client_secret", async () => {
    const { publicKey } = await generateKeyPair("ES256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "rp-key-1", use: "sig", alg: "ES256" };
    const body = await registerOk({ redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] } });
    expect(body.token_endpoint_auth_method).toBe("private_key_jwt");
    expect(body).not.toHaveProperty("token_endpoint_auth_signing_alg");
    expect(body).not.toHaveProperty("client_secret");
    expect(body).not.toHaveProperty("client_secret_expires_at");
    expect(body.jwks).toEqual({ keys: [jwk] });
    expect(typeof body.registration_access_token).toBe("string");
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: body.client_id as string } });
    expect(stored.clientSecretHash).toBeNull();
    expect(stored.jwks).toEqual({ keys: [jwk] });
  });

  it("token_endpoint_auth_signing_alg is stored and returned, on registration and on read", async () => {
    const { publicKey } = await generateKeyPair("ES256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "rp-key-es", use: "sig", alg: "ES256" };
    const body = await registerOk({ redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] }, token_endpoint_auth_signing_alg: "ES256" });
    expect(body.token_endpoint_auth_signing_alg).toBe("ES256");
    const read = await fetch(body.registration_client_uri as string, { headers: { Authorization: `Bearer ${body.registration_access_token as string}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as Json).token_endpoint_auth_signing_alg).toBe("ES256");
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: body.client_id as string } });
    expect(stored.tokenEndpointAuthSigningAlg).toBe("ES256");
  });

  it("a webhook with a public https URL and an unprotected claim whitelist is stored", async () => {
    const body = await registerOk({
      redirect_uris: [HTTPS_REDIRECT],
      webhook: { url: "https://hooks.example.com/porta", claim_whitelist: ["email", "custom_claim"] },
    });
    expect(body.webhook).toMatchObject({ url: "https://hooks.example.com/porta", claim_whitelist: ["email", "custom_claim"], timeout_ms: 10000 });
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: body.client_id as string }, include: { webhook: true } });
    expect(stored.webhook?.url).toBe("https://hooks.example.com/porta");
  });

  it("a confidential CIBA client with poll delivery registers without redirect URIs", async () => {
    const body = await registerOk({
      grant_types: ["urn:openid:params:grant-type:ciba"],
      backchannel_token_delivery_mode: "poll",
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect(body.grant_types).toEqual(["urn:openid:params:grant-type:ciba"]);
    expect(body.response_types).toEqual([]);
    expect(body.redirect_uris).toEqual([]);
    expect(body.backchannel_token_delivery_mode).toBe("poll");
  });

  it("a confidential client with only the headless grant registers without redirect URIs", async () => {
    const body = await registerOk({ grant_types: ["urn:grn:params:grant-type:headless"] });
    expect(body.grant_types).toEqual(["urn:grn:params:grant-type:headless"]);
    expect(body.response_types).toEqual([]);
    expect(typeof body.client_secret).toBe("string");
  });

  it("the CIBA grant alias urn:ietf:params:oauth:grant-type:ciba is stored under the standard name", async () => {
    const body = await registerOk({
      redirect_uris: [HTTPS_REDIRECT],
      grant_types: ["authorization_code", "urn:ietf:params:oauth:grant-type:ciba"],
      backchannel_token_delivery_mode: "poll",
    });
    expect(body.grant_types).toEqual(["authorization_code", "urn:openid:params:grant-type:ciba"]);
  });
});

describe("secrets are shown once", () => {
  it("GET with the registration token returns the metadata without client_secret; the database holds only hashes", async () => {
    const created = await registerOk({ client_name: "Shown once", redirect_uris: [HTTPS_REDIRECT] });
    const clientId = created.client_id as string;
    const secret = created.client_secret as string;
    const registrationToken = created.registration_access_token as string;

    const response = await configuration(clientId, registrationToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const read = await readJson(response);
    expect(read).not.toHaveProperty("client_secret");
    expect(read).not.toHaveProperty("registration_access_token");
    expect(read).toMatchObject({ client_id: clientId, client_name: "Shown once", redirect_uris: [HTTPS_REDIRECT], client_secret_expires_at: 0 });
    const { client_secret: _secret, registration_access_token: _token, ...publicPart } = created;
    expect(read).toEqual(publicPart);

    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    expect(stored.clientSecretHash).not.toBeNull();
    expect(stored.clientSecretHash).not.toBe(secret);
    expect(stored.clientSecretHash).toBe(hashToken(secret));
    expect(stored.registrationTokenHash).not.toBe(registrationToken);
    expect(stored.registrationTokenHash).toBe(hashToken(registrationToken));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(registrationToken);
  });

  it("a successful registration writes an application.create audit row without the secret or the registration token", async () => {
    const created = await registerOk({ client_name: "Audited", redirect_uris: [HTTPS_REDIRECT] });
    const clientId = created.client_id as string;
    const events = await (await prisma()).auditEvent.findMany({ where: { action: "application.create", targetId: clientId } });
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.actorType).toBe("bootstrap_token");
    expect(event.targetType).toBe("application");
    expect(event.tenantId).toBe(created.tenant_id);
    const after = event.after as Json;
    expect(after).toMatchObject({ client_id: clientId, client_name: "Audited", redirect_uris: [HTTPS_REDIRECT] });
    expect(after).not.toHaveProperty("client_secret");
    expect(after).not.toHaveProperty("registration_access_token");
    const serialised = JSON.stringify(event);
    expect(serialised).not.toContain(created.client_secret as string);
    expect(serialised).not.toContain(created.registration_access_token as string);
    expect(serialised).not.toContain(hashToken(created.client_secret as string));
  });
});

describe("client configuration (RFC 7592)", () => {
  async function freshClient(extra: Json = {}) {
    const created = await registerOk({ client_name: "Configurable", redirect_uris: [HTTPS_REDIRECT], ...extra });
    return {
      created,
      clientId: created.client_id as string,
      secret: created.client_secret as string | undefined,
      token: created.registration_access_token as string,
    };
  }

  function updatable(created: Json): Json {
    const {
      client_secret: _s,
      registration_access_token: _t,
      registration_client_uri: _u,
      client_id_issued_at: _i,
      client_secret_expires_at: _e,
      ...rest
    } = created;
    return rest;
  }

  it("GET with a wrong registration token → 401 invalid_token with a WWW-Authenticate challenge", async () => {
    const { clientId } = await freshClient();
    const response = await configuration(clientId, randomToken(32));
    expect(response.status).toBe(401);
    expect((await readJson(response)).error).toBe("invalid_token");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("GET without a registration token → 401 invalid_token with a bare Bearer challenge", async () => {
    const { clientId } = await freshClient();
    const response = await configuration(clientId, null);
    expect(response.status).toBe(401);
    expect((await readJson(response)).error).toBe("invalid_token");
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="porta"');
  });

  it("another client's registration token → 401, the same answer as an unknown client", async () => {
    const a = await freshClient();
    const b = await freshClient();
    const crossed = await configuration(a.clientId, b.token);
    expect(crossed.status).toBe(401);
    const crossedBody = await readJson(crossed);
    const unknown = await configuration("no-such-client", b.token);
    expect(unknown.status).toBe(401);
    expect(await readJson(unknown)).toEqual(crossedBody);
  });

  it("PUT replacing redirect_uris stores the new list, keeps the secret and shows no secret", async () => {
    const { created, clientId, secret, token } = await freshClient();
    const before = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    const redirects = ["https://rp.example/new-callback", "https://rp.example/second"];
    const response = await putJson(clientId, token, { ...updatable(created), redirect_uris: redirects });
    const body = await readJson(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.redirect_uris).toEqual(redirects);
    expect(body.client_id).toBe(clientId);
    expect(body).not.toHaveProperty("client_secret");

    const after = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    expect(after.redirectUris).toEqual(redirects);
    expect(after.clientSecretHash).toBe(before.clientSecretHash);
    expect(after.clientSecretHash).toBe(hashToken(secret!));
    const reread = await readJson(await configuration(clientId, token));
    expect(reread.redirect_uris).toEqual(redirects);
    const audit = await (await prisma()).auditEvent.findMany({ where: { action: "application.update", targetId: clientId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorType).toBe("registration_token");
  });

  it("PUT with the current client_secret in the body is accepted", async () => {
    const { created, clientId, secret, token } = await freshClient();
    const response = await putJson(clientId, token, { ...updatable(created), client_secret: secret, client_name: "Renamed" });
    expect(response.status).toBe(200);
    expect((await readJson(response)).client_name).toBe("Renamed");
  });

  it("PUT with a different client_id in the body → 400 invalid_client_metadata, nothing changed", async () => {
    const { created, clientId, token } = await freshClient();
    const before = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    await expectRefused(
      () => putJson(clientId, token, { ...updatable(created), client_id: "someone-else", redirect_uris: ["https://rp.example/other"] }),
      400,
      "invalid_client_metadata",
      /client_id/,
    );
    const after = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    expect(after).toEqual(before);
  });

  it("PUT with a wrong client_secret → 400 invalid_client_metadata, nothing changed", async () => {
    const { created, clientId, token } = await freshClient();
    const before = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    await expectRefused(
      () => putJson(clientId, token, { ...updatable(created), client_secret: "not-the-secret", redirect_uris: ["https://rp.example/other"] }),
      400,
      "invalid_client_metadata",
      /client_secret/,
    );
    expect(await (await prisma()).application.findUniqueOrThrow({ where: { clientId } })).toEqual(before);
  });

  it("PUT moving the client to another tenant → 400 invalid_client_metadata", async () => {
    const { created, clientId, token } = await freshClient();
    await expectRefused(() => putJson(clientId, token, { ...updatable(created), tenant_id: randomUUID() }), 400, "invalid_client_metadata", /tenant_id/);
  });

  it("PUT with invalid metadata → 400 with the registration error, nothing changed", async () => {
    const { created, clientId, token } = await freshClient();
    const before = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    await expectRefused(() => putJson(clientId, token, { ...updatable(created), redirect_uris: ["https://rp.example/cb#frag"] }), 400, "invalid_redirect_uri", /fragment/);
    expect(await (await prisma()).application.findUniqueOrThrow({ where: { clientId } })).toEqual(before);
  });

  it("PUT switching a public client to client_secret_basic issues a secret once", async () => {
    const { created, clientId, token } = await freshClient({ token_endpoint_auth_method: "none" });
    expect(created).not.toHaveProperty("client_secret");
    const response = await putJson(clientId, token, { ...updatable(created), token_endpoint_auth_method: "client_secret_basic" });
    const body = await readJson(response);
    expect(response.status).toBe(200);
    expect(typeof body.client_secret).toBe("string");
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId } });
    expect(stored.clientSecretHash).toBe(hashToken(body.client_secret as string));
    expect(await readJson(await configuration(clientId, token))).not.toHaveProperty("client_secret");
  });

  it("DELETE → 204, then the registration token no longer works (GET → 401) and the row is gone", async () => {
    const { clientId, token } = await freshClient();
    const response = await configuration(clientId, token, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const read = await configuration(clientId, token);
    expect(read.status).toBe(401);
    expect((await readJson(read)).error).toBe("invalid_token");
    expect(await (await prisma()).application.count({ where: { clientId } })).toBe(0);
    const audit = await (await prisma()).auditEvent.findMany({ where: { action: "application.delete", targetId: clientId } });
    expect(audit).toHaveLength(1);
    const again = await configuration(clientId, token, { method: "DELETE" });
    expect(again.status).toBe(401);
  });
});

describe("registration refuses bad input, storing nothing", () => {
  interface Case {
    name: string;
    metadata: Json;
    error: "invalid_redirect_uri" | "invalid_client_metadata";
    description: RegExp;
  }

  const cases: Case[] = [
    { name: "missing redirect_uris → invalid_redirect_uri", metadata: {}, error: "invalid_redirect_uri", description: /redirect_uris/ },
    { name: "empty redirect_uris → invalid_redirect_uri", metadata: { redirect_uris: [] }, error: "invalid_redirect_uri", description: /redirect_uris/ },
    { name: "relative redirect URI → invalid_redirect_uri", metadata: { redirect_uris: ["/callback"] }, error: "invalid_redirect_uri", description: /absolute/ },
    { name: "redirect URI with a fragment → invalid_redirect_uri", metadata: { redirect_uris: ["https://rp.example/cb#section"] }, error: "invalid_redirect_uri", description: /fragment/ },
    { name: "redirect URI with an empty fragment → invalid_redirect_uri", metadata: { redirect_uris: ["https://rp.example/cb#"] }, error: "invalid_redirect_uri", description: /fragment/ },
    { name: "wildcard redirect URI → invalid_redirect_uri", metadata: { redirect_uris: ["https://*.rp.example/cb"] }, error: "invalid_redirect_uri", description: /wildcard/ },
    { name: "http redirect URI to a non-loopback host → invalid_redirect_uri", metadata: { redirect_uris: ["http://rp.example/cb"] }, error: "invalid_redirect_uri", description: /https/ },
    { name: "http redirect URI to a host that merely starts with 127.0.0.1 → invalid_redirect_uri", metadata: { redirect_uris: ["http://127.0.0.1.rp.example/cb"] }, error: "invalid_redirect_uri", description: /https/ },
    { name: "redirect URI with credentials → invalid_redirect_uri", metadata: { redirect_uris: ["https://user:pass@rp.example/cb"] }, error: "invalid_redirect_uri", description: /credentials/ },
    { name: "non-http redirect URI scheme → invalid_redirect_uri", metadata: { redirect_uris: ["javascript:alert(1)"] }, error: "invalid_redirect_uri", description: /https/ },
    { name: "redirect_uris that is not an array → invalid_redirect_uri", metadata: { redirect_uris: HTTPS_REDIRECT }, error: "invalid_redirect_uri", description: /redirect_uris/ },
    { name: "bad post_logout_redirect_uri → invalid_redirect_uri", metadata: { redirect_uris: [HTTPS_REDIRECT], post_logout_redirect_uris: ["http://rp.example/bye"] }, error: "invalid_redirect_uri", description: /post_logout_redirect_uris/ },
    { name: "unknown token_endpoint_auth_method → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "client_secret_jwt" }, error: "invalid_client_metadata", description: /token_endpoint_auth_method/ },
    {
      name: "both jwks and jwks_uri → invalid_client_metadata",
      metadata: { redirect_uris: [HTTPS_REDIRECT], jwks: { keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y" }] }, jwks_uri: "https://rp.example/jwks" },
      error: "invalid_client_metadata",
      description: /mutually exclusive/,
    },
    {
      name: "jwks holding a private key member (d) → invalid_client_metadata",
      metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y", d: "secret" }] } },
      error: "invalid_client_metadata",
      description: /private key members \(d\)/,
    },
    {
      name: "symmetric (kty oct) key in jwks → invalid_client_metadata",
      metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ kty: "oct", k: "c2VjcmV0" }] } },
      error: "invalid_client_metadata",
      description: /kty/,
    },
    {
      name: "jwks with duplicate kids → invalid_client_metadata",
      metadata: {
        redirect_uris: [HTTPS_REDIRECT],
        jwks: { keys: [{ kty: "EC", crv: "P-256", x: "a", y: "b", kid: "same" }, { kty: "EC", crv: "P-256", x: "c", y: "d", kid: "same" }] },
      },
      error: "invalid_client_metadata",
      description: /kid/,
    },
    { name: "private_key_jwt without jwks or jwks_uri → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt" }, error: "invalid_client_metadata", description: /private_key_jwt/ },
    { name: "http jwks_uri → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "http://rp.example/jwks" }, error: "invalid_client_metadata", description: /jwks_uri/ },
    { name: "unknown scope_strategy → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], scope_strategy: "sometimes" }, error: "invalid_client_metadata", description: /scope_strategy/ },
    { name: "http webhook URL → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "http://hooks.example.com/porta" } }, error: "invalid_client_metadata", description: /webhook\.url must use https/ },
    { name: "webhook on a loopback address (127.0.0.1) → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://127.0.0.1/hook" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: "webhook on a private address (10.0.0.1) → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://10.0.0.1/hook" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: "webhook on localhost → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://localhost:8443/hook" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: "webhook on an IPv4-mapped IPv6 loopback ([::ffff:127.0.0.1]) → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://[::ffff:127.0.0.1]/hook" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: "webhook on the cloud metadata address (169.254.169.254) → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://169.254.169.254/latest" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: "webhook on a decimal-encoded loopback (2130706433) → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://2130706433/hook" } }, error: "invalid_client_metadata", description: /loopback or private/ },
    { name: 'webhook claim_whitelist naming a protected claim ("sub") → invalid_client_metadata', metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://hooks.example.com/porta", claim_whitelist: ["email", "sub"] } }, error: "invalid_client_metadata", description: /sub is protected/ },
    { name: "webhook timeout out of range → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], webhook: { url: "https://hooks.example.com/porta", timeout_ms: 60000 } }, error: "invalid_client_metadata", description: /webhook\.timeout_ms/ },
    { name: "response_types id_token with grant_types only authorization_code → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], response_types: ["id_token"], grant_types: ["authorization_code"] }, error: "invalid_client_metadata", description: /grant_types/ },
    { name: "implicit grant without id_token response type → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], response_types: ["code"], grant_types: ["authorization_code", "implicit"] }, error: "invalid_client_metadata", description: /id_token/ },
    { name: "empty grant_types → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], grant_types: [] }, error: "invalid_client_metadata", description: /grant_types/ },
    { name: "unsupported grant type → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], grant_types: ["authorization_code", "password"] }, error: "invalid_client_metadata", description: /password/ },
    { name: "unknown tenant_id → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], tenant_id: randomUUID() }, error: "invalid_client_metadata", description: /tenant_id/ },
    { name: "malformed tenant_id → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], tenant_id: "not-a-uuid" }, error: "invalid_client_metadata", description: /tenant_id/ },
    { name: "unknown acr in default_acr_values → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], default_acr_values: ["urn:grn:authn:xx:nothing"] }, error: "invalid_client_metadata", description: /default_acr_values/ },
    {
      name: "public client (none) with the CIBA grant → invalid_client_metadata",
      metadata: {
        redirect_uris: [HTTPS_REDIRECT],
        grant_types: ["authorization_code", "urn:openid:params:grant-type:ciba"],
        backchannel_token_delivery_mode: "poll",
        token_endpoint_auth_method: "none",
      },
      error: "invalid_client_metadata",
      description: /confidential client/,
    },
    { name: "CIBA grant without a delivery mode → invalid_client_metadata", metadata: { grant_types: ["urn:openid:params:grant-type:ciba"] }, error: "invalid_client_metadata", description: /backchannel_token_delivery_mode/ },
    { name: "CIBA ping without a notification endpoint → invalid_client_metadata", metadata: { grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "ping" }, error: "invalid_client_metadata", description: /backchannel_client_notification_endpoint/ },
    { name: "encrypted ID tokens without an encryption key → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], id_token_encrypted_response_alg: "RSA-OAEP-256" }, error: "invalid_client_metadata", description: /id_token_encrypted_response_alg/ },
    { name: "empty client_name → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], client_name: "   " }, error: "invalid_client_metadata", description: /client_name/ },
    { name: "token_endpoint_auth_signing_alg with client_secret_basic → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_signing_alg: "RS256" }, error: "invalid_client_metadata", description: /token_endpoint_auth_signing_alg applies to private_key_jwt only; this application uses client_secret_basic/ },
    { name: "token_endpoint_auth_signing_alg HS256 → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y", kid: "k" }] }, token_endpoint_auth_signing_alg: "HS256" }, error: "invalid_client_metadata", description: /token_endpoint_auth_signing_alg/ },
    { name: "token_endpoint_auth_signing_alg none → invalid_client_metadata", metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ kty: "EC", crv: "P-256", x: "x", y: "y", kid: "k" }] }, token_endpoint_auth_signing_alg: "none" }, error: "invalid_client_metadata", description: /token_endpoint_auth_signing_alg/ },
  ];

  for (const c of cases) {
    it(`${c.name}, nothing stored`, async () => {
      await expectRefused(() => register(porta, c.metadata), 400, c.error, c.description);
    });
  }

  it("malformed JSON → 400 invalid_client_metadata, nothing stored", async () => {
    await expectRefused(
      () =>
        fetch(`${porta.issuer}/oauth2/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
          body: '{"redirect_uris": ["https://rp.example/cb"',
        }),
      400,
      "invalid_client_metadata",
      /not valid JSON/,
    );
  });

  it("a JSON body that is not an object → 400 invalid_client_metadata, nothing stored", async () => {
    await expectRefused(() => register(porta, [HTTPS_REDIRECT]), 400, "invalid_client_metadata", /JSON object/);
  });

  it("a non-JSON content type → 400 invalid_client_metadata, nothing stored", async () => {
    await expectRefused(
      () =>
        fetch(`${porta.issuer}/oauth2/register`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Bearer ${porta.adminToken}` },
          body: new URLSearchParams({ redirect_uris: HTTPS_REDIRECT }).toString(),
        }),
      400,
      "invalid_client_metadata",
      /application\/json/,
    );
  });

  it("a body over 64 KiB → 413 invalid_client_metadata, nothing stored", async () => {
    await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT], client_name: "x".repeat(70 * 1024) }), 413, "invalid_client_metadata", /exceeds/);
  });

  it("missing admin token → 401 invalid_token with WWW-Authenticate, nothing stored", async () => {
    const response = await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT] }, null), 401, "invalid_token");
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="porta"');
  });

  it("a non-Bearer Authorization header counts as a missing token → 401", async () => {
    const response = await expectRefused(
      () =>
        fetch(`${porta.issuer}/oauth2/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Basic ${Buffer.from(`x:${porta.adminToken}`).toString("base64")}` },
          body: JSON.stringify({ redirect_uris: [HTTPS_REDIRECT] }),
        }),
      401,
      "invalid_token",
    );
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="porta"');
  });

  it("wrong admin token → 401 invalid_token, nothing stored", async () => {
    const response = await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT] }, randomToken(32)), 401, "invalid_token", /admin token/);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("a registration access token is not an admin token → 401, nothing stored", async () => {
    const created = await registerOk({ redirect_uris: [HTTPS_REDIRECT] });
    await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT] }, created.registration_access_token as string), 401, "invalid_token");
  });

  it("the admin token is checked before the body: a bad body without a token → 401", async () => {
    await expectRefused(() => register(porta, { redirect_uris: ["/relative"] }, null), 401, "invalid_token");
  });
});

describe("stored admin tokens", () => {
  let scopedTenantId: string;
  let defaultTenantId: string;
  let scopedToken: string;
  let scopedHost: string;

  /** Registration on the scoped production tenant's domain (a production tenant is served only there). */
  function registerOnDomain(metadata: Json, token: string = porta.adminToken): Promise<Response> {
    return fetchOnLoopback(config().port)(`http://${scopedHost}/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(metadata),
    });
  }

  async function registeredOnDomain(metadata: Json, token?: string): Promise<Json> {
    const response = await registerOnDomain(metadata, token);
    const body = await readJson(response);
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body;
  }

  beforeAll(async () => {
    const p = await prisma();
    defaultTenantId = (await p.tenant.findFirstOrThrow({ orderBy: { createdAt: "asc" } })).id;
    scopedHost = `scoped-production.localhost:${config().port}`;
    const tenant = await p.tenant.create({ data: { name: "Scoped production tenant", environment: "production", domains: { create: { host: scopedHost } } } });
    forgetHostMap();
    scopedTenantId = tenant.id;
    scopedToken = randomToken(32);
    await p.adminToken.create({ data: { name: "scoped", tokenHash: hashToken(scopedToken), tenantId: tenant.id } });
  });

  it("a token scoped to one tenant registers the application in that tenant", async () => {
    const body = await registeredOnDomain({ redirect_uris: [HTTPS_REDIRECT] }, scopedToken);
    expect(body.tenant_id).toBe(scopedTenantId);
    expect(body.environment).toBe("production");
    const p = await prisma();
    const stored = await p.application.findUniqueOrThrow({ where: { clientId: body.client_id as string } });
    expect(stored.tenantId).toBe(scopedTenantId);
    expect(stored.enabledAcrValues).not.toContain("urn:grn:authn:mock");
    const row = await p.adminToken.findUniqueOrThrow({ where: { tokenHash: hashToken(scopedToken) } });
    expect(row.lastUsedAt).not.toBeNull();
    const audit = await p.auditEvent.findFirstOrThrow({ where: { action: "application.create", targetId: body.client_id as string } });
    expect(audit).toMatchObject({ actorType: "admin_token", actorId: row.id, tenantId: scopedTenantId });
  });

  it("a scoped token naming its own tenant_id is accepted", async () => {
    const body = await registeredOnDomain({ redirect_uris: [HTTPS_REDIRECT], tenant_id: scopedTenantId }, scopedToken);
    expect(body.tenant_id).toBe(scopedTenantId);
  });

  it("a scoped token asking for another tenant_id → invalid_client_metadata, nothing stored", async () => {
    for (const send of [() => registerOnDomain({ redirect_uris: [HTTPS_REDIRECT], tenant_id: defaultTenantId }, scopedToken), () => register(porta, { redirect_uris: [HTTPS_REDIRECT], tenant_id: defaultTenantId }, scopedToken)]) {
      await expectRefused(send, 400, "invalid_client_metadata", /tenant_id/);
    }
  });

  it("a production tenant's token on PUBLIC_URL, which serves test tenants only → invalid_client_metadata, nothing stored", async () => {
    await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT] }, scopedToken), 400, "invalid_client_metadata", /served only on its own domains/);
  });

  it("a production tenant refuses http to localhost → invalid_redirect_uri, nothing stored", async () => {
    await expectRefused(() => registerOnDomain({ redirect_uris: ["http://localhost:8080/cb"] }, scopedToken), 400, "invalid_redirect_uri", /production/);
  });

  it("a production tenant refuses the test-only mock eID → invalid_client_metadata, nothing stored", async () => {
    await expectRefused(
      () => registerOnDomain({ redirect_uris: [HTTPS_REDIRECT], default_acr_values: ["urn:grn:authn:mock"] }, scopedToken),
      400,
      "invalid_client_metadata",
      /not available in production/,
    );
  });

  it("the bootstrap token may choose any tenant_id", async () => {
    const chosen = await (await prisma()).tenant.create({ data: { name: "Chosen test tenant", environment: "test" } });
    expect((await registerOk({ redirect_uris: [HTTPS_REDIRECT], tenant_id: chosen.id })).tenant_id).toBe(chosen.id);
    expect((await registeredOnDomain({ redirect_uris: [HTTPS_REDIRECT], tenant_id: scopedTenantId })).tenant_id).toBe(scopedTenantId);
  });

  it("an unscoped stored token registers in the default tenant", async () => {
    const token = randomToken(32);
    await (await prisma()).adminToken.create({ data: { name: "unscoped", tokenHash: hashToken(token) } });
    const body = await registerOk({ redirect_uris: [HTTPS_REDIRECT] }, token);
    expect(body.tenant_id).toBe(defaultTenantId);
  });

  it("a revoked token → 401 invalid_token, nothing stored", async () => {
    const token = randomToken(32);
    await (await prisma()).adminToken.create({ data: { name: "revoked", tokenHash: hashToken(token), tenantId: scopedTenantId, revokedAt: new Date() } });
    await expectRefused(() => register(porta, { redirect_uris: [HTTPS_REDIRECT] }, token), 401, "invalid_token");
  });
});

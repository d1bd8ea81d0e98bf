/**
 * The catalogue at the protocol's edges: which eIDs an application may use, the mock eID's hint,
 * and the scope strategies returning different claim sets for the same login.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { loginId, responseParams, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
const MITID = "urn:grn:authn:dk:mitid:substantial";
const b64url = (s: string) => Buffer.from(s).toString("base64url");

beforeAll(async () => {
  porta = await startTestPorta();
});
afterAll(async () => {
  await porta.close();
});

async function login(client: RegisteredClient, params: Record<string, string>, identity = "mitid-1", browser = new TestBrowser(porta.issuer)): Promise<Record<string, string>> {
  const start = await browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", nonce: "n", ...params })}`);
  if (start.location?.startsWith("/login/")) {
    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity, decision: "approve" });
    return responseParams(done.location!);
  }
  return responseParams(start.location!);
}

async function idToken(client: RegisteredClient, code: string): Promise<Record<string, unknown>> {
  const r = await fetch(`${porta.issuer}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
  });
  return decodeJwt(((await r.json()) as { id_token: string }).id_token) as Record<string, unknown>;
}

describe("scope strategies", () => {
  it("the same login returns different claims under dynamic and static strategies", async () => {
    const dynamic = await registerClient(porta, { scope_strategy: "dynamic" });
    const statically = await registerClient(porta, { scope_strategy: "static", static_scopes: { [MITID]: ["ssn", "address"] } });
    const dyn = await idToken(dynamic, (await login(dynamic, { scope: "openid email", acr_values: MITID })).code!);
    const sta = await idToken(statically, (await login(statically, { scope: "openid email", acr_values: MITID })).code!);
    expect(dyn).not.toHaveProperty("cprNumberIdentifier");
    expect(dyn).not.toHaveProperty("address");
    expect(sta.cprNumberIdentifier).toBe("1406851237"); // released by the application's static data points
    expect(sta.address).toBeTruthy();
    expect(sta).not.toHaveProperty("email"); // request scopes beyond openid are ignored under static
    expect(sta.sub).toBe(dyn.sub); // the same person in the same tenant
  });

  it("static_scopes naming an unknown acr value is refused at registration", async () => {
    const response = await register(porta, { redirect_uris: [RP_CALLBACK], scope_strategy: "static", static_scopes: { "urn:grn:authn:xx:nothing": ["ssn"] } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_client_metadata");
  });
});

describe("eIDs an application may use", () => {
  it("an eID that is not enabled for the application → invalid_request at the relying party", async () => {
    const client = await registerClient(porta, { enabled_acr_values: [MITID] });
    const result = await login(client, { scope: "openid", acr_values: "urn:grn:authn:se:bankid", state: "ne" });
    expect(result).toMatchObject({ error: "invalid_request", state: "ne" });
    expect(result.error_description).toMatch(/not enabled/);
  });
});

describe("the mock eID", () => {
  it("takes its claims from login_hint=mock:<base64url JSON>, with no page", async () => {
    const client = await registerClient(porta);
    const result = await login(client, { scope: "openid", acr_values: "urn:grn:authn:mock", login_hint: `mock:${b64url(JSON.stringify({ sub: "p-1", name: "Mock Tester" }))}` });
    const claims = await idToken(client, result.code!);
    expect(claims).toMatchObject({ acr: "urn:grn:authn:mock", identityscheme: "mock", name: "Mock Tester" });
  });

  it("invalid JSON in the mock hint → invalid_request", async () => {
    const client = await registerClient(porta);
    const result = await login(client, { scope: "openid", acr_values: "urn:grn:authn:mock", login_hint: `mock:${b64url("{not json")}`, state: "mj" });
    expect(result).toMatchObject({ error: "invalid_request", state: "mj" });
  });

  it("is refused in a production tenant (not an eID there, and its hint is refused)", async () => {
    const owner = await (await prisma()).adminUser.findFirstOrThrow();
    // A production tenant is served only on its own domain.
    const host = `live-bank.localhost:${config().port}`;
    await createTenant({ name: "Live Bank", environment: "production", domains: [host] }, owner.id, { type: "system", id: null, tenantId: null });
    forgetHostMap();
    const onDomain = () => new TestBrowser(`http://${host}`, fetchOnLoopback(config().port));
    const response = await fetchOnLoopback(config().port)(`http://${host}/oauth2/register`, {
      method: "POST",
      headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: [RP_CALLBACK] }),
    });
    const client = (await response.json()) as RegisteredClient;
    expect(response.status, JSON.stringify(client)).toBe(201);
    const asAcr = await login(client, { scope: "openid", acr_values: "urn:grn:authn:mock", state: "p1" }, undefined, onDomain());
    expect(asAcr).toMatchObject({ error: "invalid_request", state: "p1" });
    const asHint = await login(client, { scope: "openid", acr_values: MITID, login_hint: `mock:${b64url("{}")}`, state: "p2" }, undefined, onDomain());
    expect(asHint).toMatchObject({ error: "invalid_request", state: "p2" });
  });
});

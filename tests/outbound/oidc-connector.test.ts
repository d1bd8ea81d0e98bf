/**
 * The upstream OpenID Connect connector against a real provider on loopback: node-oidc-provider
 * plays a MitID broker (tests/support/upstream-oidc.ts). A production tenant's login goes
 * authorize → the broker (PAR, PKCE) → /login/callback → code at the relying party, and
 * every way the broker can fail ends in the right OAuth error with nothing issued.
 */
import { decodeJwt, type JWTPayload } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { testConnection } from "../../lib/eid/connections/check";
import { findConnection, publicJwksOf, saveConnection, type ConnectionInput } from "../../lib/eid/connections/service";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { followRedirects, TestBrowser, type Hop } from "../support/browser";
import { RP_CALLBACK, type RegisteredClient } from "../support/clients";
import {
  authorizePath,
  EID_INVALID_RESPONSE,
  EID_MISCONFIGURED,
  EID_UNAVAILABLE,
  expectCode,
  expectErrorPage,
  expectNoUpstreamDetail,
  expectRedirectedError,
  MITID,
  redeemOk,
} from "../support/hosted-login";
import { localhostDomain, onDomain, reachLocalhostDomains } from "../support/tenant-domain";
import { register, startTestPorta, type TestPorta } from "../support/test-server";
import { BROKER_ACR_LOW, BROKER_ACR_SUBSTANTIAL, BROKER_PEOPLE, brokerConnection, startUpstreamBroker, type UpstreamBroker } from "../support/upstream-oidc";

let server: TestPorta;
/** The test server as the production tenant's domain, where it is served. */
let porta: TestPorta;
let broker: UpstreamBroker;
let tenantId: string;
let client: RegisteredClient;

function connection(overrides: Partial<Record<string, unknown>> = {}, secrets: Record<string, string> = { clientSecret: broker.clientSecret }): ConnectionInput {
  return brokerConnection(broker, overrides, secrets);
}

/** Follows redirects from `hop` across Porta and the broker until the relying party or a page. */
function follow(browser: TestBrowser, hop: Hop, from = porta.issuer): Promise<{ last: Hop; trail: string[] }> {
  return followRedirects(browser, hop, from, RP_CALLBACK);
}

async function startLogin(browser: TestBrowser, params: Record<string, string> = {}): Promise<Hop> {
  return browser.get(authorizePath(client, { acr_values: MITID, scope: "openid ssn", state: "st-1", ...params }));
}

reachLocalhostDomains();

beforeAll(async () => {
  server = await startTestPorta();
  const host = localhostDomain("nordic-pension");
  porta = onDomain(server, host);
  broker = await startUpstreamBroker({ portaIssuer: porta.issuer });
  const owner = await (await prisma()).adminUser.findFirstOrThrow();
  const tenant = await createTenant({ name: "Nordic Pension", environment: "production", domains: [host] }, owner.id, SYSTEM_ACTOR);
  forgetHostMap();
  tenantId = tenant.id;
  const response = await register(porta, { redirect_uris: [RP_CALLBACK], tenant_id: tenantId, client_name: "Nordic Pension" });
  client = (await response.json()) as RegisteredClient;
  await saveConnection(tenantId, connection(), SYSTEM_ACTOR);
});

afterAll(async () => {
  await broker?.close();
  await server?.close();
});

afterEach(async () => {
  broker.tamper = undefined;
  broker.delay = undefined;
  broker.nextLogin = { accountId: "person-1", acr: BROKER_ACR_SUBSTANTIAL };
  await saveConnection(tenantId, connection(), SYSTEM_ACTOR);
});

describe("a production login through an upstream OpenID Connect eID", () => {
  it("logs the person in through the broker with PAR and PKCE, and maps the claims", async () => {
    const browser = new TestBrowser(porta.issuer);
    // authorize begins the eID step at once: straight on to the broker.
    const start = await startLogin(browser);
    expect(start.status).toBe(303);
    const upstream = new URL(start.location!);
    expect(upstream.origin).toBe(broker.issuer);
    // Pushed: only client_id and request_uri travel through the browser.
    expect([...upstream.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    expect(broker.seen).toContain("/request");

    const { last, trail } = await follow(browser, start);
    const callback = trail.find((u) => u.startsWith(`${porta.issuer}/login/callback?`));
    expect(callback, trail.join("\n")).toBeTruthy();
    expect(new URL(callback!).searchParams.get("iss")).toBe(broker.issuer);
    const { code } = expectCode(last, porta, "st-1");
    const tokens = await redeemOk(porta, client, code);
    const claims = decodeJwt(tokens.id_token);
    const person = BROKER_PEOPLE["person-1"]!;
    expect(claims).toMatchObject({
      iss: porta.issuer,
      acr: MITID,
      identityscheme: "dkmitid",
      name: person.name,
      given_name: person.given_name,
      family_name: person.family_name,
      cprNumberIdentifier: person["dk.cpr"],
    });
    // Upstream protocol claims and the mapped source names do not leak into Porta's token.
    expect(claims.sub).not.toBe("person-1");
    expect(claims).not.toHaveProperty("dk.cpr");
    expect(claims.nonce).toBeUndefined();
  });

  it("gives the same person the same sub on every login (person key from the mapped claim)", async () => {
    const subs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const browser = new TestBrowser(porta.issuer);
      const { last } = await follow(browser, await startLogin(browser));
      subs.push(decodeJwt((await redeemOk(porta, client, expectCode(last, porta).code)).id_token).sub!);
    }
    expect(subs[0]).toBe(subs[1]);
  });

  it("sends the authorization request through the front channel when PAR is turned off", async () => {
    await saveConnection(tenantId, connection({ usePar: false }), SYSTEM_ACTOR);
    const browser = new TestBrowser(porta.issuer);
    const start = await startLogin(browser);
    const upstream = new URL(start.location!);
    expect(upstream.searchParams.get("code_challenge_method")).toBe("S256");
    expect(upstream.searchParams.get("acr_values")).toBe(BROKER_ACR_SUBSTANTIAL);
    expect(upstream.searchParams.get("redirect_uri")).toBe(`${porta.issuer}/login/callback`);
    expect(upstream.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { last } = await follow(browser, start);
    expectCode(last, porta, "st-1");
  });

  it("reads userinfo when configured and merges it", async () => {
    await broker.close();
    broker = await startUpstreamBroker({ portaIssuer: porta.issuer, claimsInIdToken: false });
    await saveConnection(tenantId, connection({ useUserinfo: true }), SYSTEM_ACTOR);
    try {
      const browser = new TestBrowser(porta.issuer);
      const { last } = await follow(browser, await startLogin(browser));
      const claims = decodeJwt((await redeemOk(porta, client, expectCode(last, porta).code)).id_token);
      expect(claims.cprNumberIdentifier).toBe(BROKER_PEOPLE["person-1"]!["dk.cpr"]);
    } finally {
      await broker.close();
      broker = await startUpstreamBroker({ portaIssuer: porta.issuer });
    }
  });

  it("authenticates to the broker with private_key_jwt signed by a key Porta holds", async () => {
    const saved = await saveConnection(tenantId, connection({ clientAuth: "private_key_jwt" }, {}), SYSTEM_ACTOR);
    const jwks = publicJwksOf(saved);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty("d");
    await broker.close();
    // What the operator registers at the broker: the JWKS Porta serves for the connection.
    const served = await fetch(`${porta.issuer}/eid-connections/${saved.id}/jwks`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(jwks);
    broker = await startUpstreamBroker({ portaIssuer: porta.issuer, clientAuth: "private_key_jwt", clientJwks: jwks });
    await saveConnection(tenantId, connection({ clientAuth: "private_key_jwt", issuer: broker.issuer }, {}), SYSTEM_ACTOR);
    try {
      const browser = new TestBrowser(porta.issuer);
      const { last } = await follow(browser, await startLogin(browser));
      expectCode(last, porta, "st-1");
    } finally {
      await broker.close();
      broker = await startUpstreamBroker({ portaIssuer: porta.issuer });
    }
  });
});

describe("upstream failures end in the right error, nothing issued", () => {
  async function runToRp(): Promise<Hop> {
    const browser = new TestBrowser(porta.issuer);
    return (await follow(browser, await startLogin(browser))).last;
  }

  it("the person cancels at the eID → access_denied", async () => {
    broker.nextLogin = { error: "access_denied", description: "The user cancelled" };
    const params = expectRedirectedError(await runToRp(), porta, { error: "access_denied", state: "st-1" });
    expect(params.error_description).toMatch(/cancelled/);
  });

  it("the broker answers temporarily_unavailable → server_error", async () => {
    broker.nextLogin = { error: "temporarily_unavailable" };
    expectRedirectedError(await runToRp(), porta, { error: "server_error", state: "st-1" });
  });

  it("the broker is down → server_error before the browser leaves Porta", async () => {
    await saveConnection(tenantId, connection({ issuer: "http://127.0.0.1:9" }), SYSTEM_ACTOR);
    const browser = new TestBrowser(porta.issuer);
    const start = await startLogin(browser);
    const params = expectRedirectedError(start, porta, { error: "server_error", state: "st-1" });
    // The network's words (127.0.0.1:9, ECONNREFUSED) are only logged.
    expect(params.error_description).toBe(EID_UNAVAILABLE);
    expectNoUpstreamDetail(params.error_description);
  });

  it("the broker is too slow → server_error after the connection's time limit", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await startLogin(browser);
    broker.delay = { path: "/token", ms: 2500 }; // over the connection's 2 s limit
    const { last } = await follow(browser, start);
    const params = expectRedirectedError(last, porta, { error: "server_error", state: "st-1" });
    expect(params.error_description).toBe(EID_UNAVAILABLE);
  });

  const badTokens: [string, (c: JWTPayload) => JWTPayload, "provider" | "foreign"][] = [
    ["a foreign signature", (c) => c, "foreign"],
    ["the wrong iss", (c) => ({ ...c, iss: "https://evil.example" }), "provider"],
    ["the wrong aud", (c) => ({ ...c, aud: "someone-else" }), "provider"],
    ["the wrong nonce", (c) => ({ ...c, nonce: "replayed-nonce" }), "provider"],
    ["an expired token", (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 1200 }), "provider"],
    ["a claim nested 33 levels deep", (c) => ({ ...c, address: JSON.parse(`${"[".repeat(33)}${"]".repeat(33)}`) as unknown }), "provider"],
  ];
  for (const [label, claims, signWith] of badTokens) {
    it(`an ID token with ${label} → server_error with the fixed description`, async () => {
      broker.tamper = { claims, signWith };
      const params = expectRedirectedError(await runToRp(), porta, { error: "server_error", state: "st-1" });
      expect(params.error_description).toBe(EID_INVALID_RESPONSE);
    });
  }

  it("a lower assurance than asked for → server_error", async () => {
    broker.nextLogin = { accountId: "person-1", acr: BROKER_ACR_LOW };
    const params = expectRedirectedError(await runToRp(), porta, { error: "server_error", state: "st-1" });
    expect(params.error_description).toBe(EID_INVALID_RESPONSE);
  });

  it("a wrong client secret → server_error", async () => {
    await saveConnection(tenantId, connection({}, { clientSecret: "not-the-secret" }), SYSTEM_ACTOR);
    const params = expectRedirectedError(await runToRp(), porta, { error: "server_error", state: "st-1" });
    expect(params.error_description).toBe(EID_MISCONFIGURED);
    expect(params.error_description).not.toMatch(/invalid_client/);
  });
});

describe("the callback is bound to its login and used once", () => {
  async function toCallback(browser: TestBrowser): Promise<string> {
    let hop = await startLogin(browser);
    let base = porta.issuer;
    for (let i = 0; i < 10; i++) {
      const next = new URL(hop.location!, base).href;
      if (next.startsWith(`${porta.issuer}/login/callback`)) return next;
      base = next;
      hop = await browser.get(next);
    }
    throw new Error("never reached the callback");
  }

  it("a replayed callback is refused with an error page (no second code)", async () => {
    const browser = new TestBrowser(porta.issuer);
    const callback = await toCallback(browser);
    expectCode(await browser.get(callback), porta, "st-1");
    expectErrorPage(await browser.get(callback), "invalid_request");
  });

  it("a state that belongs to no login → error page, never a redirect", async () => {
    const browser = new TestBrowser(porta.issuer);
    const callback = new URL(await toCallback(browser));
    callback.searchParams.set("state", "tampered-state-value");
    expectErrorPage(await browser.get(callback.href), "invalid_request");
    const missing = new URL(callback);
    missing.searchParams.delete("state");
    expectErrorPage(await browser.get(missing.href), "invalid_request");
  });

  it("the callback in another browser → 403 error page", async () => {
    const callback = await toCallback(new TestBrowser(porta.issuer));
    expectErrorPage(await new TestBrowser(porta.issuer).get(callback), "invalid_request", 403);
  });

  it("a callback without code or with an iss of another issuer → server_error at the relying party", async () => {
    const browser = new TestBrowser(porta.issuer);
    const callback = new URL(await toCallback(browser));
    callback.searchParams.set("iss", "https://evil.example");
    expectRedirectedError(await browser.get(callback.href), porta, { error: "server_error", state: "st-1" });
  });
});

describe("configuration", () => {
  it("a production tenant without a connection for the eID → server_error, nothing issued", async () => {
    const owner = await (await prisma()).adminUser.findFirstOrThrow();
    const bareHost = localhostDomain("unconnected-bank");
    const bare = await createTenant({ name: "Unconnected Bank", environment: "production", domains: [bareHost] }, owner.id, SYSTEM_ACTOR);
    forgetHostMap();
    const onBare = onDomain(server, bareHost);
    const other = (await (await register(onBare, { redirect_uris: [RP_CALLBACK], tenant_id: bare.id })).json()) as RegisteredClient;
    const browser = new TestBrowser(onBare.issuer);
    const params = expectRedirectedError(await browser.get(authorizePath(other, { acr_values: MITID, state: "nc" })), onBare, { error: "server_error", state: "nc" });
    expect(params.error_description).toBe(EID_MISCONFIGURED);
  });

  it("refuses bad settings with a precise message", async () => {
    const bad: [Partial<Record<string, unknown>>, RegExp][] = [
      [{ issuer: "not a url" }, /issuer/],
      [{ scopes: "profile" }, /openid/],
      [{ acrValues: { "urn:grn:authn:se:bankid": "x" } }, /not an acr value of this eID/],
      [{ timeoutMs: 50 }, /timeoutMs/],
      [{ unknownSetting: true }, /unknownSetting|Unrecognized/i],
    ];
    for (const [override, message] of bad) {
      await expect(saveConnection(tenantId, connection(override), SYSTEM_ACTOR)).rejects.toThrow(message);
    }
    await expect(saveConnection(tenantId, { ...connection(), family: "mock" }, SYSTEM_ACTOR)).rejects.toThrow(/Unknown eID/);
  });

  it("test connection: reads discovery and the JWKS, and records the outcome", async () => {
    const good = await saveConnection(tenantId, connection(), SYSTEM_ACTOR);
    const ok = await testConnection(good);
    expect(ok.ok, ok.note).toBe(true);
    expect(ok.note).toContain(broker.issuer);
    const row = await (await prisma()).eidConnection.findUniqueOrThrow({ where: { id: good.id } });
    expect(row).toMatchObject({ lastCheckOk: true, lastCheckNote: ok.note });

    const down = await saveConnection(tenantId, connection({ issuer: "http://127.0.0.1:9" }), SYSTEM_ACTOR);
    const failed = await testConnection(down);
    expect(failed.ok).toBe(false);
    expect(failed.note).toMatch(/could not be reached/);
    expect((await findConnection(tenantId, "dk-mitid"))?.lastCheckOk).toBe(false);
  });

  it("keeps the client secret sealed at rest", async () => {
    const row = await (await prisma()).eidConnection.findFirstOrThrow({ where: { tenantId, family: "dk-mitid" } });
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain(broker.clientSecret);
    expect(JSON.stringify(row.settings)).not.toContain(broker.clientSecret);
  });
});

/**
 * Abuse limits through the real HTTP server: failed client authentication per (client_id, client
 * IP) and per client IP answers 429 with Retry-After whatever the credentials, other pairs go on —
 * also where the request's own statement holds the check (PAR, code redemption): a blocked pair's
 * right credentials spend nothing there; and on every other way out (other grants, early errors,
 * CIBA and headless requests). New logins per client IP (RATE_LIMIT_LOGINS_PER_MINUTE) get a 429
 * page; the client IP is the n-th X-Forwarded-For entry from the right (TRUST_PROXY), a client-sent
 * copy of the server's internal socket-address header is ignored, and the addresses of one IPv6 /64
 * count as one client IP.
 */
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../lib/db/client";
import { CLIENT_SOCKET_HEADER } from "../../lib/http/client-ip";
import { logger } from "../../lib/log";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, expectEidStep, expectErrorPage, MITID, tokenRequest } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

// Before any import reads the configuration. One trusted proxy: the client IP is the right-most
// X-Forwarded-For entry.
vi.hoisted(() => {
  process.env.TRUST_PROXY = "1";
  process.env.RATE_LIMIT_LOGINS_PER_MINUTE = "3";
});

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
  delete process.env.TRUST_PROXY;
  delete process.env.RATE_LIMIT_LOGINS_PER_MINUTE;
});

/** A token request with client_secret_basic and a bogus code; `headers` say where it comes from. */
function tokenFrom(client: RegisteredClient | string, secret: string, headers: Record<string, string>): Promise<Response> {
  const clientId = typeof client === "string" ? client : client.client_id;
  return tokenRequest(porta, { grant_type: "authorization_code", code: "no-such-code", redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(clientId, secret), ...headers });
}

/** Client authentication passed: the (bogus) code is what the token endpoint refuses. */
async function expectAuthenticated(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
}

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  // The window (60 s) began with the first of failures sent moments ago: most of it is left.
  expect(retryAfter).toBeGreaterThan(20);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await response.json()) as { error: string; error_description: string };
  expect(body.error).toBe("invalid_client");
  expect(body.error_description).toEqual(expect.any(String));
}

describe("failed client authentication", () => {
  it("25 failures of one (client, IP): 429 with Retry-After, even for the right secret; the same client from another IP still authenticates", async () => {
    const client = await registerClient(porta);
    const attacker = { "X-Forwarded-For": "203.0.113.10" };
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await tokenFrom(client, "wrong secret", attacker)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));

    await expectThrottled(await tokenFrom(client, client.client_secret!, attacker));
    // The owner, elsewhere, is not locked out; nor is another client from the attacker's IP.
    await expectAuthenticated(await tokenFrom(client, client.client_secret!, { "X-Forwarded-For": "203.0.113.11" }));
    await expectAuthenticated(await tokenFrom(rp, rp.client_secret!, attacker));
  });

  it("X-Forwarded-For entries left of the trusted proxy's are the client's own and change nothing", async () => {
    const client = await registerClient(porta);
    for (let i = 0; i < 20; i++) {
      expect((await tokenFrom(client, "wrong secret", { "X-Forwarded-For": `10.0.0.${i}, 203.0.113.20` })).status).toBe(401);
    }
    await expectThrottled(await tokenFrom(client, client.client_secret!, { "X-Forwarded-For": "10.9.9.9, 203.0.113.20" }));
  });

  it("more than 100 failures of one IP over many clients (unknown client_ids too): every client from that IP gets 429", async () => {
    const ip = { "X-Forwarded-For": "203.0.113.30" };
    const unknown = Array.from({ length: 100 }, (_, i) => tokenFrom(`no-such-client-${i}`, "x", ip));
    expect((await Promise.all(unknown)).map((r) => r.status)).toEqual(Array(100).fill(401));
    await expectThrottled(await tokenFrom(rp, rp.client_secret!, ip));
    await expectAuthenticated(await tokenFrom(rp, rp.client_secret!, { "X-Forwarded-For": "203.0.113.31" }));
  });

  it("the addresses of one IPv6 /64 are one client IP: 20 failures spread over it block the pair; another /64 goes on", async () => {
    const client = await registerClient(porta);
    for (let i = 0; i < 20; i++) expect((await tokenFrom(client, "wrong secret", { "X-Forwarded-For": `2001:db8:20:1::${i.toString(16)}` })).status).toBe(401);
    await expectThrottled(await tokenFrom(client, client.client_secret!, { "X-Forwarded-For": "2001:db8:20:1:ffff::1" }));
    await expectAuthenticated(await tokenFrom(client, client.client_secret!, { "X-Forwarded-For": "2001:db8:20:2::1" }));
  });

  it("registration management counts a wrong registration access token the same way", async () => {
    const client = await registerClient(porta);
    const ip = { "X-Forwarded-For": "203.0.113.40" };
    const read = (token: string, headers: Record<string, string>) =>
      fetch(`${porta.issuer}/oauth2/register/${client.client_id}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
    for (let i = 0; i < 20; i++) expect((await read("wrong-token", ip)).status).toBe(401);
    await expectThrottled(await read(client.registration_access_token, ip));
    expect((await read(client.registration_access_token, { "X-Forwarded-For": "203.0.113.41" })).status).toBe(200);
  });

  it("a client-sent copy of the internal socket-address header is ignored", async () => {
    const client = await registerClient(porta);
    // No X-Forwarded-For: the client IP is the socket address (127.0.0.1), whatever the header says.
    for (let i = 0; i < 20; i++) {
      expect((await tokenFrom(client, "wrong secret", { [CLIENT_SOCKET_HEADER]: `198.51.100.${i}` })).status).toBe(401);
    }
    await expectThrottled(await tokenFrom(client, client.client_secret!, { [CLIENT_SOCKET_HEADER]: "198.51.100.200" }));
    await expectAuthenticated(await tokenFrom(client, client.client_secret!, { "X-Forwarded-For": "203.0.113.50" }));
  });
});

/** Blocks the (client, IP) pair: 20 failed authentications with a wrong secret. */
async function blockPair(client: RegisteredClient, ip: Record<string, string>): Promise<void> {
  for (let i = 0; i < 20; i++) expect((await tokenFrom(client, "wrong secret", ip)).status).toBe(401);
}

/** A completed login's code for `client`, the login started from `ip` (new logins are limited per IP). */
async function codeFor(client: RegisteredClient, ip: Record<string, string>): Promise<string> {
  const browser = new TestBrowser(porta.issuer);
  const id = expectEidStep(await browser.get(authorizePath(client, { acr_values: MITID }), ip));
  return expectCode(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, ip), porta).code;
}

function par(form: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${porta.issuer}/oauth2/par`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

async function pushedRequestsOf(client: RegisteredClient): Promise<number> {
  const db = await prisma();
  const application = await db.application.findUniqueOrThrow({ where: { clientId: client.client_id } });
  return db.parRequest.count({ where: { applicationId: application.id } });
}

const PUSHED = { response_type: "code", scope: "openid", redirect_uri: RP_CALLBACK, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };

describe("a blocked pair with the right credentials, where the request's own statement holds the check", () => {
  it("code redemption: 429 for a valid code, which stays redeemable by the owner elsewhere", async () => {
    const client = await registerClient(porta);
    const attacker = { "X-Forwarded-For": "203.0.113.70" };
    const code = await codeFor(client, { "X-Forwarded-For": "203.0.113.71" });
    await blockPair(client, attacker);
    const redeem = (headers: Record<string, string>) =>
      tokenRequest(porta, { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(client.client_id, client.client_secret!), ...headers });
    await expectThrottled(await redeem(attacker));
    const owner = await redeem({ "X-Forwarded-For": "203.0.113.72" });
    expect(owner.status, await owner.clone().text()).toBe(200);
    expect(((await owner.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
  });

  it("code redemption: a request the statement never runs for (no code, no redirect_uri) is 429 too, not its own error", async () => {
    const client = await registerClient(porta);
    const attacker = { "X-Forwarded-For": "203.0.113.73" };
    const auth = { Authorization: basicAuth(client.client_id, client.client_secret!) };
    // Unblocked, these are the request's own errors.
    expect((await tokenRequest(porta, { grant_type: "authorization_code", redirect_uri: RP_CALLBACK }, { ...auth, ...attacker })).status).toBe(400);
    await blockPair(client, attacker);
    await expectThrottled(await tokenRequest(porta, { grant_type: "authorization_code", redirect_uri: RP_CALLBACK }, { ...auth, ...attacker }));
    await expectThrottled(await tokenRequest(porta, { grant_type: "authorization_code", code: "c" }, { ...auth, ...attacker }));
  });

  it("PAR: 429 for a valid request and for an invalid one, and nothing is stored; the owner elsewhere pushes", async () => {
    const client = await registerClient(porta);
    const attacker = { "X-Forwarded-For": "203.0.113.74" };
    const auth = { Authorization: basicAuth(client.client_id, client.client_secret!) };
    expect((await par({ ...PUSHED, response_type: "token" }, { ...auth, ...attacker })).status).toBe(400);
    await blockPair(client, attacker);
    await expectThrottled(await par(PUSHED, { ...auth, ...attacker }));
    await expectThrottled(await par({ ...PUSHED, response_type: "token" }, { ...auth, ...attacker }));
    expect(await pushedRequestsOf(client)).toBe(0);
    expect((await par(PUSHED, { ...auth, "X-Forwarded-For": "203.0.113.75" })).status).toBe(201);
    expect(await pushedRequestsOf(client)).toBe(1);
  });

  it("PAR with private_key_jwt: 429 for a valid assertion, which is not used up: the owner elsewhere pushes with it", async () => {
    const { client, assertionForm } = await privateKeyJwtClient();
    const attacker = { "X-Forwarded-For": "203.0.113.76" };
    // A client registered for private_key_jwt fails with any secret; each failure counts for the pair.
    await blockPair(client, attacker);
    const form = { ...PUSHED, ...(await assertionForm()) };
    await expectThrottled(await par(form, attacker));
    expect(await pushedRequestsOf(client)).toBe(0);
    const owner = await par(form, { "X-Forwarded-For": "203.0.113.77" });
    expect(owner.status, await owner.clone().text()).toBe(201);
    // And it is used up now.
    expect((await par(form, { "X-Forwarded-For": "203.0.113.78" })).status).toBe(401);
  });
});

const CIBA_GRANT = "urn:openid:params:grant-type:ciba";
const HEADLESS_GRANT = "urn:grn:params:grant-type:headless";

/** A private_key_jwt client, and a fresh assertion of its for each call. */
async function privateKeyJwtClient(metadata: Record<string, unknown> = {}): Promise<{ client: RegisteredClient; assertionForm: () => Promise<Record<string, string>> }> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const client = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" }] }, ...metadata });
  const assertionForm = async () => {
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(client.client_id)
      .setSubject(client.client_id)
      .setAudience(porta.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    return { client_id: client.client_id, client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: assertion };
  };
  return { client, assertionForm };
}

function postForm(path: string, form: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${porta.issuer}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(form).toString() });
}

async function loginsOf(client: RegisteredClient): Promise<number> {
  const db = await prisma();
  const application = await db.application.findUniqueOrThrow({ where: { clientId: client.client_id } });
  return db.login.count({ where: { applicationId: application.id } });
}

describe("a blocked pair with the right credentials, on every other way out of a client-authenticating request", () => {
  it("token endpoint: an unsupported grant_type, a grant the client is not registered for, and each decoupled grant's own error are 429", async () => {
    const codeClient = await registerClient(porta);
    const cibaClient = await registerClient(porta, { grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    const headlessClient = await registerClient(porta, { grant_types: [HEADLESS_GRANT], response_types: undefined, redirect_uris: undefined });
    const attacker = { "X-Forwarded-For": "203.0.113.80" };
    const token = (client: RegisteredClient, form: Record<string, string>, headers: Record<string, string>) =>
      tokenRequest(porta, form, { Authorization: basicAuth(client.client_id, client.client_secret!), ...headers });
    const cases: [RegisteredClient, Record<string, string>, string][] = [
      [codeClient, { grant_type: "password" }, "unsupported_grant_type"],
      [codeClient, { grant_type: CIBA_GRANT, auth_req_id: "x" }, "unauthorized_client"],
      [cibaClient, { grant_type: CIBA_GRANT }, "invalid_request"],
      [cibaClient, { grant_type: CIBA_GRANT, auth_req_id: "no-such-request" }, "invalid_grant"],
      [headlessClient, { grant_type: HEADLESS_GRANT, headless_req_id: "no-such-request" }, "invalid_grant"],
    ];
    // Unblocked, each is the request's own error.
    for (const [client, form, error] of cases) {
      const answer = await token(client, form, attacker);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe(error);
    }
    for (const client of [codeClient, cibaClient, headlessClient]) await blockPair(client, attacker);
    for (const [client, form] of cases) await expectThrottled(await token(client, form, attacker));
  });

  it("CIBA and headless authorization requests: 429 for a valid request, and no login starts", async () => {
    const cibaClient = await registerClient(porta, { grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    const headlessClient = await registerClient(porta, { grant_types: [HEADLESS_GRANT], response_types: undefined, redirect_uris: undefined });
    const attacker = { "X-Forwarded-For": "203.0.113.81" };
    const start = (client: RegisteredClient, path: string, headers: Record<string, string>) =>
      postForm(path, { scope: "openid", acr_values: "urn:grn:authn:se:bankid", login_hint: "sub:ssn:197808094515" }, { Authorization: basicAuth(client.client_id, client.client_secret!), ...headers });
    await blockPair(cibaClient, attacker);
    await blockPair(headlessClient, attacker);
    await expectThrottled(await start(cibaClient, "/ciba/bc-authorize", attacker));
    await expectThrottled(await start(headlessClient, "/headless/authorize", attacker));
    expect(await loginsOf(cibaClient)).toBe(0);
    expect(await loginsOf(headlessClient)).toBe(0);
    const elsewhere = { "X-Forwarded-For": "203.0.113.82" };
    expect((await start(cibaClient, "/ciba/bc-authorize", elsewhere)).status).toBe(200);
    expect((await start(headlessClient, "/headless/authorize", elsewhere)).status).toBe(200);
  });

  it("private_key_jwt: a request refused before its statement is 429, and its assertion is not used up: the owner elsewhere redeems with it", async () => {
    const { client, assertionForm } = await privateKeyJwtClient();
    const attacker = { "X-Forwarded-For": "203.0.113.83" };
    await blockPair(client, attacker);
    const code = await codeFor(client, { "X-Forwarded-For": "203.0.113.84" });
    const form = await assertionForm();
    // No redirect_uri: refused before the redemption's statement.
    await expectThrottled(await tokenRequest(porta, { grant_type: "authorization_code", code, ...form }, attacker));
    const owner = await tokenRequest(porta, { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, ...form }, { "X-Forwarded-For": "203.0.113.85" });
    expect(owner.status, await owner.clone().text()).toBe(200);
  });
});

describe("X-Forwarded-For with TRUST_PROXY=1", () => {
  it("is what Porta expects: no warning about TRUST_PROXY", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      expect((await fetch(`${porta.issuer}/healthz`, { headers: { "X-Forwarded-For": "203.0.113.90" } })).status).toBe(200);
      await tokenFrom("no-such-client", "wrong", { "X-Forwarded-For": "203.0.113.91" });
      expect(warn.mock.calls.filter((call) => JSON.stringify(call).includes("TRUST_PROXY"))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("new logins per client IP", () => {
  it("RATE_LIMIT_LOGINS_PER_MINUTE=3: the 4th login from one IP in a minute gets a 429 page with Retry-After; another IP goes on", async () => {
    const ip = { "X-Forwarded-For": "203.0.113.60" };
    for (let i = 0; i < 3; i++) {
      expect((await new TestBrowser(porta.issuer).get(authorizePath(rp), ip)).status).not.toBe(429);
    }
    const refused = await new TestBrowser(porta.issuer).get(authorizePath(rp, { ui_locales: "da" }), ip);
    expectErrorPage(refused, "temporarily_unavailable", 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toContain("For mange login fra dit netværk");
    expect((await new TestBrowser(porta.issuer).get(authorizePath(rp), { "X-Forwarded-For": "203.0.113.61" })).status).not.toBe(429);
  });

  it("the addresses of one IPv6 /64 share the budget; another /64 has its own", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await new TestBrowser(porta.issuer).get(authorizePath(rp), { "X-Forwarded-For": `2001:db8:60:1::${i + 1}` })).status).not.toBe(429);
    }
    expectErrorPage(await new TestBrowser(porta.issuer).get(authorizePath(rp), { "X-Forwarded-For": "2001:db8:60:1:abcd::9" }), "temporarily_unavailable", 429);
    expect((await new TestBrowser(porta.issuer).get(authorizePath(rp), { "X-Forwarded-For": "2001:db8:60:2::1" })).status).not.toBe(429);
  });
});

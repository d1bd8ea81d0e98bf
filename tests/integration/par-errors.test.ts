/**
 * Pushed authorization requests (RFC 9126; README, "Pushed requests (PAR)"): the PAR endpoint's
 * errors and its answer, then a request_uri at authorize — bound to its client, short-lived,
 * reloadable while its login runs, consumed when the login completes, and never contradicted by
 * outer parameters.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { errorPageCode, loginId, responseParams, TestBrowser, type Hop } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

const MOCK = "urn:grn:authn:mock";
const MITID = "urn:grn:authn:dk:mitid:substantial";
const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";

let porta: TestPorta;
let rp: RegisteredClient;
let other: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
  other = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** Code-flow defaults for a pushed request; a null value drops a default. */
function pushedParams(params: Record<string, string | null>): Record<string, string> {
  const all: Record<string, string | null> = { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", ...params };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
}

/** POST /oauth2/par authenticated with client_secret_basic. */
function push(client: RegisteredClient, params: Record<string, string | null> = {}): Promise<JsonAnswer> {
  return postForm("/oauth2/par", pushedParams(params), { Authorization: basicAuth(client.client_id, client.client_secret!) });
}

/** Pushes and returns the request_uri, expecting success. */
async function pushOk(client: RegisteredClient, params: Record<string, string | null> = {}): Promise<string> {
  const answer = await push(client, params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.request_uri as string;
}

function expectJsonError(answer: JsonAnswer, status: number, error: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toBe(error);
  expect(typeof answer.body.error_description).toBe("string");
  expect(answer.body.error_description).not.toBe("");
  expect(answer.body).not.toHaveProperty("request_uri");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

function authorizeWith(browser: TestBrowser, client: RegisteredClient, requestUri: string, extra: Record<string, string> = {}): Promise<Hop> {
  return browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, request_uri: requestUri, ...extra })}`);
}

function expectErrorPage(hop: Hop, code: string): void {
  expect(hop.status, hop.text.slice(0, 300)).toBe(400);
  expect(hop.location).toBeNull();
  expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
  expect(errorPageCode(hop.text)).toBe(code);
}

function expectCodeAt(hop: Hop, state?: string): Record<string, string> {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBeUndefined();
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.iss).toBe(porta.issuer);
  if (state !== undefined) expect(params.state).toBe(state);
  return params;
}

function expectRedirectedError(hop: Hop, error: string, state: string): Record<string, string> {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBe(error);
  expect(params.error_description).toBeTruthy();
  expect(params.state).toBe(state);
  expect(params.iss).toBe(porta.issuer);
  expect(params).not.toHaveProperty("code");
  return params;
}

function expectEidStep(hop: Hop): string {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location).toMatch(/^\/login\/[0-9a-f-]{36}\/eid$/);
  return loginId(hop.location);
}

async function redeemStatus(client: RegisteredClient, code: string): Promise<number> {
  const answer = await postForm("/oauth2/token", { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(client.client_id, client.client_secret!) });
  return answer.status;
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

describe("PAR endpoint", () => {
  it("a push without client authentication is 401 invalid_client", async () => {
    expectJsonError(await postForm("/oauth2/par", pushedParams({})), 401, "invalid_client");
    // A confidential client's client_id alone is not authentication either.
    expectJsonError(await postForm("/oauth2/par", pushedParams({ client_id: rp.client_id })), 401, "invalid_client");
  });

  it("a wrong client secret is 401 invalid_client with WWW-Authenticate: Basic", async () => {
    const answer = await postForm("/oauth2/par", pushedParams({}), { Authorization: basicAuth(rp.client_id, `${rp.client_secret!}x`) });
    expectJsonError(answer, 401, "invalid_client");
    expect(answer.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("an unknown client_id answers exactly as a wrong secret does", async () => {
    const wrong = await postForm("/oauth2/par", pushedParams({}), { Authorization: basicAuth(rp.client_id, `${rp.client_secret!}x`) });
    const unknown = await postForm("/oauth2/par", pushedParams({}), { Authorization: basicAuth("no-such-client", rp.client_secret!) });
    const shape = (answer: JsonAnswer) => ({ status: answer.status, body: answer.body, authenticate: answer.headers.get("www-authenticate") });
    expect(shape(unknown)).toEqual(shape(wrong));
    expect(wrong.body).toEqual({ error: "invalid_client", error_description: "Client authentication failed" });
  });

  it("request_uri inside the PAR body is 400 invalid_request", async () => {
    const earlier = await pushOk(rp);
    expectJsonError(await push(rp, { request_uri: earlier }), 400, "invalid_request");
  });

  it("a missing redirect_uri is 400 invalid_request", async () => {
    expectJsonError(await push(rp, { redirect_uri: null }), 400, "invalid_request");
  });

  it("an unregistered redirect_uri is 400 invalid_request", async () => {
    expectJsonError(await push(rp, { redirect_uri: "https://attacker.example/callback" }), 400, "invalid_request");
  });

  it("a scope without openid is 400 invalid_scope", async () => {
    expectJsonError(await push(rp, { scope: "ssn" }), 400, "invalid_scope");
  });

  it("GET is 405 with Allow: POST, OPTIONS (the CORS preflight)", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/par`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("a valid push is 201 no-store JSON with a fresh request_uri that expires in 120 s", async () => {
    const before = Date.now();
    const answer = await push(rp, { state: "par-1" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.expires_in).toBe(120);
    const requestUri = answer.body.request_uri as string;
    expect(requestUri).toMatch(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{32,}$/);
    expect(await pushOk(rp, { state: "par-1" })).not.toBe(requestUri);
    // Stored under its hash only, expiring 120 s from now.
    const row = await (await prisma()).parRequest.findUnique({ where: { requestIdHash: hashToken(requestUri.slice(REQUEST_URI_PREFIX.length)) } });
    expect(row).not.toBeNull();
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 121_000);
  });

  it("a public client pushes with client_id and PKCE; without PKCE it is invalid_request", async () => {
    const spa = await registerClient(porta, { token_endpoint_auth_method: "none", response_types: ["code"], grant_types: ["authorization_code"] });
    const { verifier, challenge } = pkcePair();
    const pushed = await postForm(
      "/oauth2/par",
      pushedParams({ client_id: spa.client_id, acr_values: MOCK, state: "spa", code_challenge: challenge, code_challenge_method: "S256" }),
    );
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    expectJsonError(await postForm("/oauth2/par", pushedParams({ client_id: spa.client_id })), 400, "invalid_request");

    const done = await authorizeWith(new TestBrowser(porta.issuer), spa, pushed.body.request_uri as string);
    const { code } = expectCodeAt(done, "spa");
    const tokens = await postForm("/oauth2/token", { grant_type: "authorization_code", code: code!, redirect_uri: RP_CALLBACK, client_id: spa.client_id, code_verifier: verifier });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  });
});

describe("request_uri at authorize", () => {
  it("the pushed parameters drive the login; only client_id and request_uri are sent", async () => {
    const requestUri = await pushOk(rp, { acr_values: MOCK, state: "pushed-state", scope: "openid ssn" });
    const params = expectCodeAt(await authorizeWith(new TestBrowser(porta.issuer), rp, requestUri), "pushed-state");
    expect(await redeemStatus(rp, params.code!)).toBe(200);
  });

  it("an unknown request_uri is the invalid_request_uri error page, never a redirect", async () => {
    const browser = new TestBrowser(porta.issuer);
    expectErrorPage(await authorizeWith(browser, rp, `${REQUEST_URI_PREFIX}${randomBytes(32).toString("base64url")}`), "invalid_request_uri");
    expectErrorPage(await authorizeWith(browser, rp, "https://rp.example/request.jwt"), "invalid_request_uri");
  });

  it("another client's request_uri is the error page, and stays usable by its own client", async () => {
    const requestUri = await pushOk(rp, { acr_values: MOCK, state: "mine" });
    const browser = new TestBrowser(porta.issuer);
    expectErrorPage(await authorizeWith(browser, other, requestUri), "invalid_request_uri");
    expectCodeAt(await authorizeWith(browser, rp, requestUri), "mine");
  });

  it("an expired request_uri is the error page", async () => {
    const requestUri = await pushOk(rp, { acr_values: MOCK });
    await (await prisma()).parRequest.update({
      where: { requestIdHash: hashToken(requestUri.slice(REQUEST_URI_PREFIX.length)) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expectErrorPage(await authorizeWith(new TestBrowser(porta.issuer), rp, requestUri), "invalid_request_uri");
  });

  it("a request_uri whose login completed is used up: a second authorize is the error page", async () => {
    const requestUri = await pushOk(rp, { acr_values: MOCK, state: "once" });
    const browser = new TestBrowser(porta.issuer);
    const first = expectCodeAt(await authorizeWith(browser, rp, requestUri), "once");
    expectErrorPage(await authorizeWith(browser, rp, requestUri), "invalid_request_uri");
    expectErrorPage(await authorizeWith(new TestBrowser(porta.issuer), rp, requestUri), "invalid_request_uri");
    expect(await redeemStatus(rp, first.code!)).toBe(200);
  });

  it("reloaded while its login runs: both loads start, the first completion wins, the second gets an error and no code", async () => {
    const requestUri = await pushOk(rp, { acr_values: MITID, state: "reload" });
    const browser = new TestBrowser(porta.issuer);
    const firstId = expectEidStep(await authorizeWith(browser, rp, requestUri));
    const secondId = expectEidStep(await authorizeWith(browser, rp, requestUri));
    expect(secondId).not.toBe(firstId);

    const first = await browser.post(`/login/${firstId}/authenticate`, { identity: "mitid-1", decision: "approve" });
    const { code } = expectCodeAt(first, "reload");
    const second = await browser.post(`/login/${secondId}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expectRedirectedError(second, "invalid_request_uri", "reload");

    expectErrorPage(await authorizeWith(browser, rp, requestUri), "invalid_request_uri");
    expect(await redeemStatus(rp, code!)).toBe(200);
  });

  it("an outer parameter that contradicts a pushed one is the invalid_request error page; the request_uri survives", async () => {
    const requestUri = await pushOk(rp, { acr_values: MOCK, state: "pushed", scope: "openid" });
    const browser = new TestBrowser(porta.issuer);
    expectErrorPage(await authorizeWith(browser, rp, requestUri, { state: "forged" }), "invalid_request");
    expectErrorPage(await authorizeWith(browser, rp, requestUri, { scope: "openid ssn" }), "invalid_request");
    expectErrorPage(await authorizeWith(browser, rp, requestUri, { redirect_uri: "https://attacker.example/callback" }), "invalid_request");
    // The same values repeated outside are fine (openid-client and others send them).
    const done = await authorizeWith(browser, rp, requestUri, { state: "pushed", scope: "openid", redirect_uri: RP_CALLBACK, response_type: "code" });
    expectCodeAt(done, "pushed");
  });
});

describe("require_pushed_authorization_requests", () => {
  it("a plain authorization request is redirected with invalid_request, state and iss; the same request pushed works", async () => {
    const strict = await registerClient(porta, { require_pushed_authorization_requests: true });
    const browser = new TestBrowser(porta.issuer);
    const plain = await browser.get(
      `/oauth2/authorize?${new URLSearchParams({ client_id: strict.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK, state: "plain" })}`,
    );
    expectRedirectedError(plain, "invalid_request", "plain");

    const requestUri = await pushOk(strict, { acr_values: MOCK, state: "pushed" });
    const done = expectCodeAt(await authorizeWith(browser, strict, requestUri), "pushed");
    expect(await redeemStatus(strict, done.code!)).toBe(200);
  });
});

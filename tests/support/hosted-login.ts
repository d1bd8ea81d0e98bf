/**
 * Shared steps for hosted-login protocol tests: building authorize URLs, running the test eID
 * step, redeeming codes, and the two shapes an authorization error takes (Porta's error page, or
 * a redirect to the relying party).
 */
import { expect } from "vitest";
import { basicAuth, RP_CALLBACK, type RegisteredClient } from "./clients";
import { errorPageCode, loginId, responseParams, type Hop, type TestBrowser } from "./browser";
import type { TestPorta } from "./test-server";

export const MITID = "urn:grn:authn:dk:mitid:substantial";
export const SE_BANKID = "urn:grn:authn:se:bankid";
export const NO_BANKID = "urn:grn:authn:no:bankid";
export const MOCK = "urn:grn:authn:mock";

/**
 * /oauth2/authorize for `client` with code flow defaults (redirect_uri RP_CALLBACK, scope openid).
 * A null value drops a default; `raw` is appended as is (repeated parameters).
 */
export function authorizePath(client: RegisteredClient, params: Record<string, string | null> = {}, raw = ""): string {
  const all: Record<string, string | null> = { client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", ...params };
  const search = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
  return `/oauth2/authorize?${search}${raw}`;
}

/** Asserts Porta's HTML error page: status, code in data-testid="error", and no redirect. */
export function expectErrorPage(hop: Hop, code: string, status = 400): void {
  expect(hop.status, hop.text.slice(0, 300)).toBe(status);
  expect(hop.location).toBeNull();
  expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
  expect(errorPageCode(hop.text)).toBe(code);
}

/**
 * Asserts an error returned to RP_CALLBACK (303) in `mode` with error, error_description, state
 * and iss; returns the parameters.
 */
export function expectRedirectedError(
  hop: Hop,
  porta: TestPorta,
  expected: { error: string; state?: string; mode?: "query" | "fragment" },
): Record<string, string> {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  const location = hop.location ?? "";
  const mode = expected.mode ?? "query";
  expect(location.startsWith(mode === "query" ? `${RP_CALLBACK}?` : `${RP_CALLBACK}#`), location).toBe(true);
  const params = responseParams(location);
  expect(params.error, params.error_description).toBe(expected.error);
  expect(params.error_description).toBeTruthy();
  expect(params.iss).toBe(porta.issuer);
  if (expected.state !== undefined) expect(params.state).toBe(expected.state);
  expect(params).not.toHaveProperty("code");
  expect(params).not.toHaveProperty("id_token");
  return params;
}

/** Asserts a successful code response at RP_CALLBACK (query) and returns its parameters. */
export function expectCode(hop: Hop, porta: TestPorta, state?: string): Record<string, string> & { code: string } {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBeUndefined();
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.iss).toBe(porta.issuer);
  if (state !== undefined) expect(params.state).toBe(state);
  return params as Record<string, string> & { code: string };
}

/** Asserts a 303 to the eID step of a new login and returns the login id. */
export function expectEidStep(hop: Hop): string {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location).toMatch(/^\/login\/[0-9a-f-]{36}\/eid$/);
  return loginId(hop.location);
}

/** Authorize, then approve `identity` on the eID step; returns the final hop (at the RP or consent). */
export async function login(browser: TestBrowser, path: string, identity = "mitid-1"): Promise<Hop> {
  const start = await browser.get(path);
  const id = expectEidStep(start);
  return browser.post(`/login/${id}/authenticate`, { identity, decision: "approve" });
}

export function tokenRequest(porta: TestPorta, body: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${porta.issuer}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
}

/** Redeems `code` with client_secret_basic. */
export function redeem(porta: TestPorta, client: RegisteredClient, code: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenRequest(
    porta,
    { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, ...extra },
    { Authorization: basicAuth(client.client_id, client.client_secret!) },
  );
}

export interface Tokens {
  access_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** Redeems `code` and expects success. */
export async function redeemOk(porta: TestPorta, client: RegisteredClient, code: string): Promise<Tokens> {
  const response = await redeem(porta, client, code);
  const body = (await response.json()) as Tokens & { error?: string; error_description?: string };
  expect(response.status, `${body.error}: ${body.error_description}`).toBe(200);
  return body;
}

/** Asserts an RFC 6749 §5.2 error from the token endpoint and returns the response. */
export async function expectTokenError(response: Response, status: number, error: string): Promise<Response> {
  const body = (await response.json()) as { error?: string; error_description?: string; access_token?: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(error);
  expect(body.error_description).toBeTruthy();
  expect(body).not.toHaveProperty("access_token");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response;
}

export function userinfo(porta: TestPorta, accessToken: string): Promise<Response> {
  return fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } });
}

/** base64url of a UTF-8 string (login_hint message:, mock:). */
export function b64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** Decodes the HTML escapes escapeHtml writes. */
export function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);
}

/** The fixed descriptions a relying party reads for an eID `server_error` (lib/eid/connector.ts). */
export const EID_UNAVAILABLE = "The eID provider could not be reached";
export const EID_MISCONFIGURED = "The eID connection could not be used";
export const EID_INVALID_RESPONSE = "The eID provider's answer could not be used";

/** Upstream and network error text never reaches a relying party: no address, port, errno or upstream code. */
export function expectNoUpstreamDetail(description: string | undefined): void {
  expect(description ?? "").not.toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b|localhost|:\d{2,5}\b|\bE[A-Z]{2,}[A-Z_]*\b|ECONN|ETIMEDOUT|HTTP \d{3}/);
}

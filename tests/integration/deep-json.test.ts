/**
 * JSON from outside nested deeper than 32 levels is refused with the endpoint's own error, never
 * a 5xx: registration (400 invalid_client_metadata), the admin API (400 invalid_request naming the
 * member), a client assertion at the token endpoint (401 invalid_client, as any malformed
 * assertion) and a request object at authorize (invalid_request_object at the redirect_uri).
 * Each at 5,000 and 20,000 levels of arrays and of objects; 20,000 levels of objects take at least
 * 100 KB, more than a request body may hold, so those are refused by the body cap (413) with the
 * same error code before they are read.
 */
import { createPrivateKey, randomUUID, sign, type KeyObject } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseParams, TestBrowser } from "../support/browser";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const MAX_BODY_BYTES = 64 * 1024;

/** `levels` arrays one inside the other, or `levels` objects one inside the other under "a". */
function nested(kind: "arrays" | "objects", levels: number): string {
  return kind === "arrays" ? `${"[".repeat(levels)}${"]".repeat(levels)}` : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

const CASES = (["arrays", "objects"] as const).flatMap((kind) => [5_000, 20_000].map((levels) => ({ kind, levels, json: nested(kind, levels) })));

let porta: TestPorta;
let pkj: RegisteredClient;
let signingKey: KeyObject;
/** The client's public JWK as JSON text. */
let publicJwk: string;

beforeAll(async () => {
  porta = await startTestPorta();
  const rsa = await generateKeyPair("RS256", { extractable: true });
  signingKey = createPrivateKey({ key: await exportJWK(rsa.privateKey), format: "jwk" });
  const jwk = { ...(await exportJWK(rsa.publicKey)), kid: "k1", use: "sig", alg: "RS256" };
  publicJwk = JSON.stringify(jwk);
  pkj = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] } });
});

afterAll(async () => {
  await porta.close();
});

/** A `jwks` member whose key carries `deep` (JSON text) as an extra member, as a JWK may. */
function jwksHolding(deep: string): string {
  return `{"keys":[${publicJwk.slice(0, -1)},"x":${deep}}]}`;
}

/**
 * A JWT signed with the client's key whose payload is `claims` (JSON text) with `deep` (JSON text)
 * as its claim "deep": made by hand, as a JWT library would overflow its own stack serialising it.
 */
function signedJwt(claims: Record<string, unknown>, deep: string): string {
  const header = Buffer.from(JSON.stringify({ alg: "RS256", kid: "k1", typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(`${JSON.stringify(claims).slice(0, -1)},"deep":${deep}}`).toString("base64url");
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${payload}`), signingKey).toString("base64url");
  return `${header}.${payload}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** The status a body of `bytes` gets before its JSON is read: 413 over the cap, else the depth's refusal. */
const statusFor = (bytes: number, refusal: number) => (bytes > MAX_BODY_BYTES ? 413 : refusal);

describe("JSON nested too deep is refused with the endpoint's own error, never a 5xx", () => {
  it.each(CASES)("registration: $levels levels of $kind → invalid_client_metadata", async ({ json }) => {
    const body = `{"client_name":"Deep","redirect_uris":["${RP_CALLBACK}"],"token_endpoint_auth_method":"private_key_jwt","jwks":${jwksHolding(json)}}`;
    const response = await fetch(`${porta.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
      body,
    });
    expect(response.status).toBe(statusFor(body.length, 400));
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.error).toBe("invalid_client_metadata");
    if (response.status === 400) expect(answer.error_description).toMatch(/jwks nests deeper than 32 levels/);
  });

  it.each(CASES)("admin API PATCH of an application: $levels levels of $kind → invalid_request naming the member", async ({ json }) => {
    const body = `{"client_name":"Deep","jwks":${jwksHolding(json)}}`;
    const response = await fetch(`${porta.issuer}/api/v1/applications/${pkj.client_id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
      body,
    });
    expect(response.status).toBe(statusFor(body.length, 400));
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.error).toBe("invalid_request");
    if (response.status === 400) expect(answer).toMatchObject({ field: "jwks", error_description: expect.stringMatching(/nests deeper than 32 levels/) as unknown });
  });

  it.each(CASES)("client assertion at the token endpoint: $levels levels of $kind → 401 invalid_client", async ({ json }) => {
    const assertion = signedJwt({ iss: pkj.client_id, sub: pkj.client_id, aud: porta.issuer, iat: now(), exp: now() + 60, jti: randomUUID() }, json);
    const form = new URLSearchParams({ grant_type: "authorization_code", code: "no-such-code", redirect_uri: RP_CALLBACK, client_assertion_type: ASSERTION_TYPE, client_assertion: assertion }).toString();
    const response = await fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    expect(response.status).toBe(statusFor(form.length, 401));
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status === 413) expect(answer.error).toBe("invalid_request");
    else expect(answer).toEqual({ error: "invalid_client", error_description: "client_assertion nests deeper than 32 levels" });
  });

  it.each(CASES)("request object at authorize: $levels levels of $kind → invalid_request_object at the redirect_uri", async ({ json }) => {
    const request = signedJwt(
      { iss: pkj.client_id, aud: porta.issuer, client_id: pkj.client_id, response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", iat: now(), exp: now() + 300 },
      json,
    );
    const form = { client_id: pkj.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", state: "outer-state", request };
    const hop = await new TestBrowser(porta.issuer).post("/oauth2/authorize", form);
    if (new URLSearchParams(form).toString().length > MAX_BODY_BYTES) {
      expect(hop.status).toBe(413);
      return;
    }
    expect(hop.status, hop.text.slice(0, 300)).toBe(303);
    expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
    expect(responseParams(hop.location!)).toMatchObject({ error: "invalid_request_object", error_description: "request object nests deeper than 32 levels", state: "outer-state" });
  });
});

/**
 * CORS for browser clients (README, "Browser clients (CORS)"): token, PAR and userinfo answer the
 * redirect URI origins of public clients, preflight included, with that origin (never `*`), no
 * credentials, `Vary: Origin`; every other origin gets no CORS header at all. Discovery and the
 * JWKS answer any origin.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFLIGHT_MAX_AGE_S } from "../../lib/http/cors";
import { responseParams, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { MOCK } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
/** A public client (a single-page app) on SPA_ORIGIN. */
let spa: RegisteredClient;
/** A confidential client whose redirect URI is on https://rp.example. */
let rp: RegisteredClient;

const SPA_ORIGIN = "https://spa.example";
const SPA_CALLBACK = `${SPA_ORIGIN}/app/callback`;
const OTHER_SPA_ORIGIN = "http://127.0.0.1:5173";
const RP_ORIGIN = new URL(RP_CALLBACK).origin;
const UNREGISTERED_ORIGIN = "https://evil.example";

const publicClient = (redirectUri: string) => registerClient(porta, { redirect_uris: [redirectUri], token_endpoint_auth_method: "none", response_types: ["code"], grant_types: ["authorization_code"] });

beforeAll(async () => {
  porta = await startTestPorta();
  spa = await publicClient(SPA_CALLBACK);
  // Another public client, on OTHER_SPA_ORIGIN.
  await publicClient(`${OTHER_SPA_ORIGIN}/cb`);
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

function preflight(path: string, origin: string, method = "POST", requestHeaders?: string): Promise<Response> {
  const headers: Record<string, string> = { Origin: origin, "Access-Control-Request-Method": method };
  if (requestHeaders) headers["Access-Control-Request-Headers"] = requestHeaders;
  return fetch(`${porta.issuer}${path}`, { method: "OPTIONS", headers });
}

function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${porta.issuer}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(form).toString() });
}

function accessControlHeaders(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith("access-control-")) found[name] = value;
  });
  return found;
}

/** The CORS headers of an answer readable by `origin`: that origin, no credentials, Vary: Origin. */
function expectAdmitted(response: Response, origin: string): void {
  expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  expect(response.headers.has("access-control-allow-credentials")).toBe(false);
  expect(response.headers.get("vary")).toMatch(/\bOrigin\b/);
}

/** No CORS header at all, and Vary: Origin. */
function expectNoCors(response: Response): void {
  expect(accessControlHeaders(response)).toEqual({});
  expect(response.headers.get("vary")).toMatch(/\bOrigin\b/);
}

async function expectOAuthError(response: Response, status: number, error: string): Promise<void> {
  const body = (await response.json()) as { error?: string; error_description?: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(error);
  expect(body.error_description).toBeTruthy();
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** What a public client's page sends: PAR with PKCE, the login (mock eID), the code. */
async function spaLogin(client: RegisteredClient, redirectUri: string, origin: string): Promise<{ code: string; verifier: string; pushed: Response }> {
  const { verifier, challenge } = pkcePair();
  const form = { client_id: client.client_id, redirect_uri: redirectUri, response_type: "code", scope: "openid", acr_values: MOCK, state: "cors", code_challenge: challenge, code_challenge_method: "S256" };
  const pushed = await postForm("/oauth2/par", form, { Origin: origin });
  const { request_uri } = (await pushed.clone().json()) as { request_uri: string };
  const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, request_uri })}`);
  expect(hop.location?.startsWith(`${redirectUri}?`), hop.location ?? hop.text.slice(0, 300)).toBe(true);
  const { code } = responseParams(hop.location!);
  return { code: code!, verifier, pushed };
}

const redeemForm = (client: RegisteredClient, redirectUri: string, code: string, verifier: string) => ({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });

describe("preflight (OPTIONS)", () => {
  it("from a public client's redirect origin → 204 with that origin, methods, headers and max-age", async () => {
    for (const [path, methods] of [["/oauth2/token", "POST"], ["/oauth2/par", "POST"], ["/oauth2/userinfo", "GET, POST"]] as const) {
      const response = await preflight(path, SPA_ORIGIN, "POST", "content-type");
      expect(response.status, path).toBe(204);
      expectAdmitted(response, SPA_ORIGIN);
      expect(response.headers.get("access-control-allow-methods"), path).toBe(methods);
      expect(response.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type");
      expect(response.headers.get("access-control-max-age")).toBe(String(PREFLIGHT_MAX_AGE_S));
      expect(response.headers.get("allow")).toBe(`${methods}, OPTIONS`);
      expect(await response.text()).toBe("");
    }
  });

  it("userinfo's preflight for GET with Authorization, from another public client's origin → admitted (no body tells the client yet)", async () => {
    const response = await preflight("/oauth2/userinfo", OTHER_SPA_ORIGIN, "GET", "authorization");
    expect(response.status).toBe(204);
    expectAdmitted(response, OTHER_SPA_ORIGIN);
  });

  it("from an unregistered origin → a plain 204 without any CORS header, not an error", async () => {
    const response = await preflight("/oauth2/token", UNREGISTERED_ORIGIN);
    expect(response.status).toBe(204);
    expectNoCors(response);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(response.headers.get("content-type")).toBeNull();
    expect(await response.text()).toBe("");
  });

  it("from a confidential client's redirect origin → no CORS headers", async () => {
    for (const path of ["/oauth2/token", "/oauth2/par", "/oauth2/userinfo"]) {
      const response = await preflight(path, RP_ORIGIN);
      expect(response.status, path).toBe(204);
      expectNoCors(response);
    }
  });

  it("Origin null, and origins that are not serialised origins → no CORS headers", async () => {
    for (const origin of ["null", "spa.example", `${SPA_ORIGIN}/`, `${SPA_ORIGIN}/app`, "https://SPA.example", `${SPA_ORIGIN}:443`, "https://user@spa.example", `${SPA_ORIGIN}, ${SPA_ORIGIN}`, "ftp://spa.example", "*"]) {
      const response = await preflight("/oauth2/token", origin);
      expect(response.status, origin).toBe(204);
      expectNoCors(response);
    }
  });

  it("OPTIONS without Access-Control-Request-Method is not a preflight: 204 with Allow, no CORS headers", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/token`, { method: "OPTIONS", headers: { Origin: SPA_ORIGIN } });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expectNoCors(response);
  });

  it("a public client registered a moment ago is admitted at once", async () => {
    const origin = `https://new-${randomBytes(4).toString("hex")}.example`;
    expectNoCors(await preflight("/oauth2/token", origin));
    await publicClient(`${origin}/cb`);
    expectAdmitted(await preflight("/oauth2/token", origin), origin);
  });

  it("routes without CORS still answer OPTIONS with 405", async () => {
    const response = await preflight("/oauth2/register", SPA_ORIGIN);
    expect(response.status).toBe(405);
    expect(accessControlHeaders(response)).toEqual({});
  });
});

describe("actual requests", () => {
  it("a public client's PAR, code exchange and userinfo from its origin carry its CORS headers", async () => {
    const { code, verifier, pushed } = await spaLogin(spa, SPA_CALLBACK, SPA_ORIGIN);
    expect(pushed.status).toBe(201);
    expectAdmitted(pushed, SPA_ORIGIN);

    const tokens = await postForm("/oauth2/token", redeemForm(spa, SPA_CALLBACK, code, verifier), { Origin: SPA_ORIGIN });
    expect(tokens.status).toBe(200);
    expectAdmitted(tokens, SPA_ORIGIN);
    expect(tokens.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    const { access_token } = (await tokens.json()) as { access_token: string };

    const claims = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${access_token}`, Origin: SPA_ORIGIN } });
    expect(claims.status).toBe(200);
    expectAdmitted(claims, SPA_ORIGIN);
    expect(((await claims.json()) as { sub?: string }).sub).toBeTruthy();

    const posted = await postForm("/oauth2/userinfo", { access_token }, { Origin: SPA_ORIGIN });
    expect(posted.status).toBe(200);
    expectAdmitted(posted, SPA_ORIGIN);
  });

  it("a public client's errors are readable from its origin (invalid_grant), and userinfo's challenge is exposed", async () => {
    const grant = await postForm("/oauth2/token", redeemForm(spa, SPA_CALLBACK, "no-such-code", pkcePair().verifier), { Origin: SPA_ORIGIN });
    expectAdmitted(grant, SPA_ORIGIN);
    await expectOAuthError(grant, 400, "invalid_grant");

    const userinfo = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: "Bearer no-such-token", Origin: SPA_ORIGIN } });
    expectAdmitted(userinfo, SPA_ORIGIN);
    expect(userinfo.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    expect(userinfo.headers.get("www-authenticate")).toMatch(/^Bearer /);
    await expectOAuthError(userinfo, 401, "invalid_token");
  });

  it("from an unregistered origin the request is served, without any CORS header", async () => {
    const { code, verifier } = await spaLogin(spa, SPA_CALLBACK, SPA_ORIGIN);
    const tokens = await postForm("/oauth2/token", redeemForm(spa, SPA_CALLBACK, code, verifier), { Origin: UNREGISTERED_ORIGIN });
    expect(tokens.status).toBe(200);
    expectNoCors(tokens);
    const { access_token } = (await tokens.json()) as { access_token: string };
    const claims = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${access_token}`, Origin: UNREGISTERED_ORIGIN } });
    expect(claims.status).toBe(200);
    expectNoCors(claims);
    const unknownClient = await postForm("/oauth2/token", { grant_type: "authorization_code", code: "x", redirect_uri: SPA_CALLBACK, client_id: "no-such-client" }, { Origin: UNREGISTERED_ORIGIN });
    expectNoCors(unknownClient);
    await expectOAuthError(unknownClient, 401, "invalid_client");
  });

  it("another public client's origin is not enough: the client the request names decides", async () => {
    const { code, verifier, pushed } = await spaLogin(spa, SPA_CALLBACK, OTHER_SPA_ORIGIN);
    expect(pushed.status).toBe(201);
    expectNoCors(pushed);
    const tokens = await postForm("/oauth2/token", redeemForm(spa, SPA_CALLBACK, code, verifier), { Origin: OTHER_SPA_ORIGIN });
    expect(tokens.status).toBe(200);
    expectNoCors(tokens);
    const { access_token } = (await tokens.json()) as { access_token: string };
    // Userinfo: the token's client (spa), not the origin's (otherSpa).
    const claims = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${access_token}`, Origin: OTHER_SPA_ORIGIN } });
    expect(claims.status).toBe(200);
    expectNoCors(claims);
  });

  it("a confidential client gets no CORS headers, from its own redirect origin or a public client's", async () => {
    for (const origin of [RP_ORIGIN, SPA_ORIGIN]) {
      const pushed = await postForm("/oauth2/par", { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK }, { Origin: origin, Authorization: basicAuth(rp.client_id, rp.client_secret!) });
      expect(pushed.status, origin).toBe(201);
      expectNoCors(pushed);
      const grant = await postForm("/oauth2/token", { grant_type: "authorization_code", code: "no-such-code", redirect_uri: RP_CALLBACK }, { Origin: origin, Authorization: basicAuth(rp.client_id, rp.client_secret!) });
      expectNoCors(grant);
      await expectOAuthError(grant, 400, "invalid_grant");
    }
    // Its access token at userinfo, from its redirect origin.
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${new URLSearchParams({ client_id: rp.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK })}`);
    const { code } = responseParams(hop.location!);
    const tokens = await postForm("/oauth2/token", { grant_type: "authorization_code", code: code!, redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(rp.client_id, rp.client_secret!) });
    expect(tokens.status).toBe(200);
    const { access_token } = (await tokens.json()) as { access_token: string };
    const claims = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${access_token}`, Origin: RP_ORIGIN } });
    expect(claims.status).toBe(200);
    expectNoCors(claims);
  });

  it("a request that names no known client is readable from a public client's origin only", async () => {
    const unknown = { grant_type: "authorization_code", code: "x", redirect_uri: SPA_CALLBACK, client_id: "no-such-client" };
    const fromSpa = await postForm("/oauth2/token", unknown, { Origin: SPA_ORIGIN });
    expectAdmitted(fromSpa, SPA_ORIGIN);
    await expectOAuthError(fromSpa, 401, "invalid_client");
    const fromRp = await postForm("/oauth2/token", unknown, { Origin: RP_ORIGIN });
    expectNoCors(fromRp);
    await expectOAuthError(fromRp, 401, "invalid_client");
    const notAForm = await fetch(`${porta.issuer}/oauth2/par`, { method: "POST", headers: { "Content-Type": "application/json", Origin: SPA_ORIGIN }, body: "{}" });
    expectAdmitted(notAForm, SPA_ORIGIN);
    await expectOAuthError(notAForm, 400, "invalid_request");
  });

  it("Origin null, a malformed Origin, no Origin and Porta's own origin → no CORS headers, Vary: Origin", async () => {
    for (const origin of ["null", `${SPA_ORIGIN}/`, "https://SPA.example", undefined, porta.issuer]) {
      const grant = await postForm("/oauth2/token", redeemForm(spa, SPA_CALLBACK, "no-such-code", pkcePair().verifier), origin ? { Origin: origin } : {});
      expectNoCors(grant);
      await expectOAuthError(grant, 400, "invalid_grant");
    }
  });
});

describe("public documents", () => {
  it("discovery and the JWKS answer any origin with *", async () => {
    for (const path of ["/.well-known/openid-configuration", `/.well-known/openid-configuration?client_id=${spa.client_id}`, "/.well-known/jwks"]) {
      const response = await fetch(`${porta.issuer}${path}`, { headers: { Origin: UNREGISTERED_ORIGIN } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.has("access-control-allow-credentials")).toBe(false);
      await response.arrayBuffer();
    }
  });
});

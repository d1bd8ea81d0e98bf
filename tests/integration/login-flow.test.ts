/**
 * The hosted login end to end over HTTP (no browser): authorize → eID simulator step →
 * authorization response → token → userinfo, with a real relying-party library (openid-client 6)
 * validating the ID token.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { loginId, responseParams, TestBrowser } from "../support/browser";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

const MITID = "urn:grn:authn:dk:mitid:substantial";

function authorizeUrl(params: Record<string, string>): string {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: rp.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", ...params })}`;
}

describe("code flow", () => {
  it("authorize → MitID simulator → code → tokens; the ID token carries the login's claims", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizeUrl({ acr_values: MITID, scope: "openid ssn", state: "s-1", nonce: "n-1" }));
    expect(start.status).toBe(303);
    expect(start.location).toMatch(/^\/login\/[0-9a-f-]{36}\/eid$/);
    expect(browser.cookie("porta_browser")).toBeTruthy();

    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(done.status).toBe(303);
    const params = responseParams(done.location!);
    expect(done.location!.startsWith(`${RP_CALLBACK}?`)).toBe(true);
    expect(params).toMatchObject({ state: "s-1", iss: porta.issuer });
    expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookie("porta_session")).toBeTruthy();

    const tokenResponse = await fetch(`${porta.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
      body: new URLSearchParams({ grant_type: "authorization_code", code: params.code!, redirect_uri: RP_CALLBACK }),
    });
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get("cache-control")).toBe("no-store");
    const tokens = (await tokenResponse.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 300, scope: "openid ssn" });

    const jwks = createRemoteJWKSet(new URL(`${porta.issuer}/.well-known/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token as string, jwks, { issuer: porta.issuer, audience: rp.client_id });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({ nonce: "n-1", acr: MITID, identityscheme: "dkmitid", authenticationtype: MITID, country: "DK" });
    expect(payload.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payload.cprNumberIdentifier).toBe("1406851237");
    expect(typeof payload.auth_time).toBe("number");
    expect(typeof payload.sid).toBe("string");
    expect(payload.exp! - payload.iat!).toBe(1200);

    const userinfo = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token as string}` } });
    expect(userinfo.status).toBe(200);
    const claims = (await userinfo.json()) as Record<string, unknown>;
    expect(claims.sub).toBe(payload.sub);
    expect(claims.cprNumberIdentifier).toBe("1406851237");
    expect(claims).not.toHaveProperty("nonce");
  });

  it("the same person gets the same sub in a second login, and another person another sub", async () => {
    const subOf = async (identity: string) => {
      const browser = new TestBrowser(porta.issuer);
      const start = await browser.get(authorizeUrl({ acr_values: MITID, nonce: "x" }));
      const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity, decision: "approve" });
      const code = responseParams(done.location!).code!;
      const tokens = (await (
        await fetch(`${porta.issuer}/oauth2/token`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
          body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
        })
      ).json()) as { id_token: string };
      return decodeJwt(tokens.id_token).sub;
    };
    const first = await subOf("mitid-2");
    expect(await subOf("mitid-2")).toBe(first);
    expect(await subOf("mitid-3")).not.toBe(first);
  });

  it("openid-client 6 drives a PKCE code flow and validates the ID token, iss parameter and userinfo", async () => {
    const config = await oidc.discovery(new URL(porta.issuer), rp.client_id, rp.client_secret, oidc.ClientSecretBasic(rp.client_secret!), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: "openid ssn",
      acr_values: "urn:grn:authn:se:bankid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(url.toString());
    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "se-bankid-2", decision: "approve" });
    const tokens = await oidc.authorizationCodeGrant(config, new URL(done.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(porta.issuer);
    expect(claims.ssn).toBe("197808094515");
    expect(claims.identityscheme).toBe("sebankid");
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info.ssn).toBe("197808094515");
  });
});

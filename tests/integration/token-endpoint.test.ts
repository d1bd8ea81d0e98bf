/**
 * The token endpoint and userinfo (README, "Tokens"; RFC 6749 §5.2, RFC 7636, RFC 6750):
 * codes are single use, short-lived and bound to the client, redirect_uri and PKCE challenge; a
 * replay revokes what the first redemption issued; client authentication uses exactly the one
 * registered method; access tokens are checked at userinfo.
 */
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { TestBrowser } from "../support/browser";
import { CLIENT_AUTHENTICATION_FAILED, expectClientAuthFailed, recordClientAuthFailures, type ClientAuthFailureLog } from "../support/client-auth-log";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import {
  authorizePath,
  expectCode,
  expectTokenError,
  login,
  MOCK,
  redeem,
  redeemOk,
  tokenRequest,
  userinfo,
} from "../support/hosted-login";
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

const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** A code for `client` from the mock eID (no login page), optionally with a PKCE challenge. */
async function mockCode(client: RegisteredClient = rp, params: Record<string, string> = {}): Promise<string> {
  const hop = await new TestBrowser(porta.issuer).get(authorizePath(client, { acr_values: MOCK, state: "t", ...params }));
  return expectCode(hop, porta, "t").code;
}

async function accessTokenRow(token: string) {
  return (await prisma()).accessToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
}

describe("token endpoint: authorization_code grant", () => {
  it("a PKCE code redeemed with a too-short code_verifier is invalid_request", async () => {
    const code = await mockCode(rp, { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" });
    await expectTokenError(await redeem(porta, rp, code, { code_verifier: "short" }), 400, "invalid_request");
  });

  it("a PKCE code redeemed with the wrong code_verifier is invalid_grant", async () => {
    const code = await mockCode(rp, { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" });
    await expectTokenError(await redeem(porta, rp, code, { code_verifier: `${VERIFIER.slice(0, -1)}A` }), 400, "invalid_grant");
  });

  it("a PKCE code redeemed without code_verifier is invalid_grant, and with the right one succeeds", async () => {
    const code = await mockCode(rp, { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" });
    await expectTokenError(await redeem(porta, rp, code), 400, "invalid_grant");
    expect((await redeem(porta, rp, code, { code_verifier: VERIFIER })).status).toBe(200);
  });

  it("a code_verifier sent for a code issued without PKCE is invalid_grant", async () => {
    const code = await mockCode();
    await expectTokenError(await redeem(porta, rp, code, { code_verifier: VERIFIER }), 400, "invalid_grant");
  });

  it("a replayed code is invalid_grant and revokes the access token of the first redemption", async () => {
    const done = await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: "urn:grn:authn:dk:mitid:substantial", state: "r" }));
    const { code } = expectCode(done, porta, "r");
    const first = await redeemOk(porta, rp, code);
    expect((await userinfo(porta, first.access_token)).status).toBe(200);

    await expectTokenError(await redeem(porta, rp, code), 400, "invalid_grant");
    const after = await userinfo(porta, first.access_token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toBe("invalid_token");
    expect((await accessTokenRow(first.access_token)).revokedAt).not.toBeNull();
  });

  it("a code redeemed by another client is invalid_grant, and stays redeemable by its own client", async () => {
    const other = await registerClient(porta);
    const code = await mockCode();
    await expectTokenError(await redeem(porta, other, code), 400, "invalid_grant");
    await redeemOk(porta, rp, code);
  });

  it("a code redeemed with another redirect_uri is invalid_grant", async () => {
    const code = await mockCode();
    await expectTokenError(await redeem(porta, rp, code, { redirect_uri: "https://rp.example/other" }), 400, "invalid_grant");
    await expectTokenError(await redeem(porta, rp, code, { redirect_uri: `${RP_CALLBACK}/` }), 400, "invalid_grant");
  });

  it("an expired code is invalid_grant", async () => {
    const code = await mockCode();
    await (await prisma()).login.update({ where: { codeHash: hashToken(code) }, data: { codeExpiresAt: new Date(Date.now() - 1000) } });
    await expectTokenError(await redeem(porta, rp, code), 400, "invalid_grant");
  });

  it("an unknown code is invalid_grant", async () => {
    await expectTokenError(await redeem(porta, rp, "A".repeat(43)), 400, "invalid_grant");
  });

  it("a public client with PKCE redeems with client_id and code_verifier and no secret", async () => {
    const spa = await registerClient(porta, { token_endpoint_auth_method: "none" });
    expect(spa.client_secret).toBeUndefined();
    const code = await mockCode(spa, { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" });
    const response = await tokenRequest(porta, {
      grant_type: "authorization_code",
      code,
      redirect_uri: RP_CALLBACK,
      client_id: spa.client_id,
      code_verifier: VERIFIER,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; id_token: string; token_type: string };
    expect(tokens.token_type).toBe("Bearer");
    expect((await userinfo(porta, tokens.access_token)).status).toBe(200);
  });

  it("two concurrent redemptions of one code: exactly one succeeds, and the loser's attempt revokes the winner's token", async () => {
    // A few rounds: the interleaving differs from run to run.
    for (let round = 0; round < 3; round++) {
      const code = await mockCode();
      const responses = await Promise.all([redeem(porta, rp, code), redeem(porta, rp, code)]);
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
      const failed = responses.find((r) => r.status === 400)!;
      expect(((await failed.json()) as { error: string }).error).toBe("invalid_grant");
      const won = (await responses.find((r) => r.status === 200)!.json()) as { access_token: string };
      expect((await userinfo(porta, won.access_token)).status).toBe(401);
    }
  });
});

describe("token endpoint: client authentication and request shape", () => {
  it("a wrong client secret is 401 invalid_client with WWW-Authenticate: Basic", async () => {
    const code = await mockCode();
    const response = await tokenRequest(
      porta,
      { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK },
      { Authorization: basicAuth(rp.client_id, `${rp.client_secret!}x`) },
    );
    await expectTokenError(response, 401, "invalid_client");
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    // The code was not spent on the failed attempt.
    await redeemOk(porta, rp, code);
  });

  it("an unknown client is 401 invalid_client", async () => {
    const response = await tokenRequest(
      porta,
      { grant_type: "authorization_code", code: "x".repeat(43), redirect_uri: RP_CALLBACK },
      { Authorization: basicAuth("no-such-client", "secret") },
    );
    await expectTokenError(response, 401, "invalid_client");
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  it("client_secret_post for a client registered for client_secret_basic is 401 invalid_client", async () => {
    const code = await mockCode();
    const response = await tokenRequest(porta, {
      grant_type: "authorization_code",
      code,
      redirect_uri: RP_CALLBACK,
      client_id: rp.client_id,
      client_secret: rp.client_secret!,
    });
    await expectTokenError(response, 401, "invalid_client");
  });

  it("Basic credentials plus client_secret in the body is 400 invalid_request", async () => {
    const code = await mockCode();
    const response = await tokenRequest(
      porta,
      { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, client_secret: rp.client_secret! },
      { Authorization: basicAuth(rp.client_id, rp.client_secret!) },
    );
    await expectTokenError(response, 400, "invalid_request");
  });

  it("a client_id in the body that differs from the Basic credentials is 401 invalid_client", async () => {
    const other = await registerClient(porta);
    const code = await mockCode();
    const response = await tokenRequest(
      porta,
      { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, client_id: other.client_id },
      { Authorization: basicAuth(rp.client_id, rp.client_secret!) },
    );
    await expectTokenError(response, 401, "invalid_client");
  });

  it("a public client cannot redeem without code_verifier, nor authenticate with a secret", async () => {
    const spa = await registerClient(porta, { token_endpoint_auth_method: "none" });
    const code = await mockCode(spa, { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" });
    const base = { grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, client_id: spa.client_id };
    await expectTokenError(await tokenRequest(porta, base), 400, "invalid_grant");
    await expectTokenError(await tokenRequest(porta, { ...base, client_secret: "guess", code_verifier: VERIFIER }), 401, "invalid_client");
  });

  it("GET is 405 with Allow: POST, OPTIONS (the CORS preflight)", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/token`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("a JSON body is 400 invalid_request", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
      body: JSON.stringify({ grant_type: "authorization_code", code: "x", redirect_uri: RP_CALLBACK }),
    });
    await expectTokenError(response, 400, "invalid_request");
  });

  it("a missing grant_type is invalid_request", async () => {
    const response = await tokenRequest(porta, { code: "x", redirect_uri: RP_CALLBACK }, { Authorization: basicAuth(rp.client_id, rp.client_secret!) });
    await expectTokenError(response, 400, "invalid_request");
  });

  it("an unknown grant_type is unsupported_grant_type", async () => {
    const response = await tokenRequest(porta, { grant_type: "password", username: "u", password: "p" }, { Authorization: basicAuth(rp.client_id, rp.client_secret!) });
    await expectTokenError(response, 400, "unsupported_grant_type");
  });

  it("a repeated parameter is invalid_request, and the code is not spent", async () => {
    const code = await mockCode();
    const body = `${new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK })}&code=${code}`;
    await expectTokenError(await tokenRequest(porta, body, { Authorization: basicAuth(rp.client_id, rp.client_secret!) }), 400, "invalid_request");
    await redeemOk(porta, rp, code);
  });
});

describe("token endpoint: a refused client authentication says nothing about why", () => {
  let authLog: ClientAuthFailureLog;
  beforeAll(() => {
    authLog = recordClientAuthFailures();
  });
  afterAll(() => authLog.stop());
  beforeEach(() => {
    authLog.takeNew();
  });

  const answerOf = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    authenticate: response.headers.get("www-authenticate"),
  });
  const form = { grant_type: "authorization_code", code: "x".repeat(43), redirect_uri: RP_CALLBACK };

  it("Basic: an unknown client_id and a wrong secret answer identically (status, body, WWW-Authenticate); the log tells them apart", async () => {
    const unknown = await answerOf(await tokenRequest(porta, form, { Authorization: basicAuth("no-such-client", "secret") }));
    expectClientAuthFailed(unknown, authLog, /^unknown client_id$/);
    const wrong = await answerOf(await tokenRequest(porta, form, { Authorization: basicAuth(rp.client_id, `${rp.client_secret!}x`) }));
    expectClientAuthFailed(wrong, authLog, /^wrong client secret$/);
    expect(wrong).toEqual(unknown);
    expect(unknown.body).toEqual({ error: "invalid_client", error_description: CLIENT_AUTHENTICATION_FAILED });
    expect(unknown.authenticate).toMatch(/^Basic realm=/);
  });

  it("client_secret_post: an unknown client_id, a wrong secret and the wrong method answer identically", async () => {
    const post = (clientId: string, secret: string) => tokenRequest(porta, { ...form, client_id: clientId, client_secret: secret });
    const unknown = await answerOf(await post("no-such-client", "secret"));
    expectClientAuthFailed(unknown, authLog, /^unknown client_id$/);
    const wrongSecret = await answerOf(await post(rp.client_id, `${rp.client_secret!}x`));
    // rp is registered for client_secret_basic: a right secret sent the wrong way fails the same.
    expectClientAuthFailed(wrongSecret, authLog, /registered for client_secret_basic, not client_secret_post/);
    const wrongMethod = await answerOf(await post(rp.client_id, rp.client_secret!));
    expectClientAuthFailed(wrongMethod, authLog, /registered for client_secret_basic, not client_secret_post/);
    expect(wrongSecret).toEqual(unknown);
    expect(wrongMethod).toEqual(unknown);
    expect(unknown.authenticate).toBeNull();
  });

  it("the log line carries the request id the server answered with", async () => {
    const response = await tokenRequest(porta, form, { Authorization: basicAuth("no-such-client", "secret") });
    await response.arrayBuffer();
    const [line] = authLog.takeNew();
    expect(line?.reqId).toBeTruthy();
    expect(line?.reqId).toBe(response.headers.get("x-request-id"));
    expect(line).toMatchObject({ clientId: "no-such-client", method: "client_secret_basic", reason: "unknown client_id" });
  });
});

describe("userinfo", () => {
  it("a request without a token is 401 with WWW-Authenticate: Bearer realm", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/userinfo`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="[^"]+"$/);
  });

  it("a garbage token is 401 invalid_token", async () => {
    const response = await userinfo(porta, "not-a-real-token");
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_token");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it("an expired access token is 401 invalid_token", async () => {
    const tokens = await redeemOk(porta, rp, await mockCode());
    expect((await userinfo(porta, tokens.access_token)).status).toBe(200);
    await (await prisma()).accessToken.update({ where: { tokenHash: hashToken(tokens.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await userinfo(porta, tokens.access_token);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_token");
  });

  it("POST with access_token in the form body answers the claims", async () => {
    const tokens = await redeemOk(porta, rp, await mockCode());
    const response = await fetch(`${porta.issuer}/oauth2/userinfo`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ access_token: tokens.access_token }).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const claims = (await response.json()) as { sub: string };
    expect(claims.sub).toBe(decodeJwt(tokens.id_token).sub);
  });
});

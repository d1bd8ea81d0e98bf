/**
 * private_key_jwt (RFC 7523) and signed request objects (RFC 9101), the refusals: every bad client assertion is 401 invalid_client (400
 * invalid_request for a malformed request) and leaves the code redeemable; once the client is
 * looked up, the answer only says "Client authentication failed" and the log says why. Every bad
 * request object is invalid_request_object at the registered redirect_uri, or Porta's error page
 * when the redirect_uri is not registered, or 400 JSON at the PAR endpoint, saying what is wrong.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nowMs } from "../../lib/clock";
import { prisma } from "../../lib/db/client";
import { requiresJti } from "../../lib/eid/catalogue";
import { errorPageCode, responseParams, TestBrowser, type Hop } from "../support/browser";
import { CLIENT_AUTHENTICATION_FAILED, expectClientAuthFailed, recordClientAuthFailures, type ClientAuthFailureLog } from "../support/client-auth-log";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { advanceClock, resetClock } from "../support/clock";
import { startTestPorta, type TestPorta } from "../support/test-server";

const MOCK = "urn:grn:authn:mock";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

let porta: TestPorta;
let authLog: ClientAuthFailureLog;
/** The registered RSA signing key (kid k1) and one Porta has never seen. */
let key: CryptoKey;
let unregisteredKey: CryptoKey;
let ecKey: CryptoKey;
/**
 * private_key_jwt clients: as registered with encrypted ID tokens (every eID enabled, FTN among
 * them, so jti is required); without FTN, with and without require_jti; with
 * request_object_signing_alg ES256; and with token_endpoint_auth_signing_alg ES256.
 */
let pkj: RegisteredClient;
let pkjNoFtn: RegisteredClient;
let pkjAud: RegisteredClient;
let pkjJti: RegisteredClient;
let pkjEs: RegisteredClient;
let pkjEsAssertions: RegisteredClient;
let secretClient: RegisteredClient;

beforeAll(async () => {
  authLog = recordClientAuthFailures();
  porta = await startTestPorta();
  const rsa = await generateKeyPair("RS256", { extractable: true });
  const ec = await generateKeyPair("ES256", { extractable: true });
  key = rsa.privateKey;
  ecKey = ec.privateKey;
  unregisteredKey = (await generateKeyPair("RS256")).privateKey;
  const rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: "k1", use: "sig", alg: "RS256" };
  const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: "ec1", use: "sig", alg: "ES256" };
  // FTN needs encrypted ID tokens: with them, an application naming no eIDs has it.
  const encJwk = { ...(await exportJWK((await generateKeyPair("RSA-OAEP-256", { extractable: true })).publicKey)), kid: "enc1", use: "enc", alg: "RSA-OAEP-256" };
  pkj = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk, encJwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" });
  expect(pkj.enabled_acr_values).toContain("urn:grn:authn:fi:bank-id");
  // Without encrypted ID tokens they get every eID but FTN, so only require_jti decides whether a jti is needed.
  pkjNoFtn = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk] } });
  pkjAud = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk] } });
  pkjJti = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk] }, require_jti: true });
  for (const client of [pkjNoFtn, pkjJti]) expect((client.enabled_acr_values as string[]).filter(requiresJti)).toEqual([]);
  pkjEs = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk, ecJwk] }, request_object_signing_alg: "ES256" });
  pkjEsAssertions = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [rsaJwk, ecJwk] }, token_endpoint_auth_signing_alg: "ES256" });
  secretClient = await registerClient(porta);
});

afterEach(resetClock);

afterAll(async () => {
  await porta.close();
  authLog.stop();
});

beforeEach(() => {
  authLog.takeNew();
});

const now = () => Math.floor(Date.now() / 1000);

interface SignOptions {
  alg?: string;
  kid?: string | null;
  key?: CryptoKey | Uint8Array;
}

/** Signs `payload`, dropping members set to undefined. */
function sign(payload: Record<string, unknown>, options: SignOptions = {}): Promise<string> {
  const claims = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)) as JWTPayload;
  const kid = options.kid === undefined ? "k1" : options.kid;
  return new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? "RS256", ...(kid ? { kid } : {}) }).sign(options.key ?? key);
}

/** A client assertion for `client` with good defaults; `overrides` replace or (undefined) drop claims. */
function assertion(client: RegisteredClient, overrides: Record<string, unknown> = {}, options: SignOptions = {}): Promise<string> {
  return sign({ iss: client.client_id, sub: client.client_id, aud: porta.issuer, iat: now(), exp: now() + 60, jti: randomUUID(), ...overrides }, options);
}

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

interface IssuedCode {
  client: RegisteredClient;
  code: string;
  verifier: string;
}

/** A code for `client` through the mock eID (no page), with PKCE. */
async function issueCode(client: RegisteredClient): Promise<IssuedCode> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK, code_challenge: challenge, code_challenge_method: "S256" });
  const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${query}`);
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  const code = responseParams(hop.location!).code;
  expect(code, hop.location ?? "").toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { client, code: code!, verifier };
}

/** Redeems with a client assertion; `extra` adds or (with undefined) removes form fields. */
function redeemWith(issued: IssuedCode, clientAssertion: string, extra: Record<string, string | undefined> = {}, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const form: Record<string, string | undefined> = {
    grant_type: "authorization_code",
    code: issued.code,
    redirect_uri: RP_CALLBACK,
    code_verifier: issued.verifier,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: clientAssertion,
    ...extra,
  };
  return postForm("/oauth2/token", Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined)), headers);
}

function expectTokens(answer: JsonAnswer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(typeof answer.body.access_token).toBe("string");
  expect(typeof answer.body.id_token).toBe("string");
}

function expectRefused(answer: JsonAnswer, status: number, error: string, description?: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toBe(error);
  expect(typeof answer.body.error_description).toBe("string");
  expect(answer.body.error_description).not.toBe("");
  if (description) expect(answer.body.error_description).toMatch(description);
  expect(answer.body).not.toHaveProperty("access_token");
  expect(answer.body).not.toHaveProperty("id_token");
  expect(answer.headers.get("cache-control")).toBe("no-store");
}

/**
 * The refusal is `status`/`error`, and the code was not spent: a correct redemption of the same
 * code right after still gets tokens.
 */
async function expectRefusedKeepsCode(issued: IssuedCode, answer: JsonAnswer, status: number, error: string, description?: RegExp): Promise<void> {
  expectRefused(answer, status, error, description);
  expectTokens(await redeemWith(issued, await assertion(issued.client)));
}

/** The generic 401 invalid_client (nothing says why), and Porta's log gives `reason`. */
function expectAuthFailed(answer: JsonAnswer, reason: RegExp): void {
  expectRefused(answer, 401, "invalid_client");
  expectClientAuthFailed(answer, authLog, reason);
}

async function expectAuthFailedKeepsCode(issued: IssuedCode, answer: JsonAnswer, reason: RegExp): Promise<void> {
  expectAuthFailed(answer, reason);
  expectTokens(await redeemWith(issued, await assertion(issued.client)));
}

describe("private_key_jwt at the token endpoint: refused assertions", () => {
  it("a correct assertion (aud = the issuer) gets tokens, once", async () => {
    const issued = await issueCode(pkj);
    expectTokens(await redeemWith(issued, await assertion(pkj)));
  });

  it.each([
    ["another URL", () => "https://other.example"],
    ["the token endpoint URL", () => `${porta.issuer}/oauth2/token`],
    ["the PAR endpoint URL", () => `${porta.issuer}/oauth2/par`],
    ["the issuer with a trailing slash", () => `${porta.issuer}/`],
    ["an array of the issuer and another value", () => [porta.issuer, "https://other.example"]],
    ["an empty array", () => []],
  ])("aud = %s → 401 invalid_client, and the code stays redeemable", async (_name, aud) => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { aud: aud() })), /aud must be the issuer identifier/);
  });

  it("aud = [the issuer] is accepted", async () => {
    const issued = await issueCode(pkj);
    expectTokens(await redeemWith(issued, await assertion(pkj, { aud: [porta.issuer] })));
  });

  // A client of their own: each refusal counts against the (client_id, IP) pair's limit.
  it.each([
    ["the issuer and another party's token endpoint", () => [porta.issuer, "https://other.example/oauth2/token"]],
    ["the issuer and a URL that only starts like its token endpoint", () => [porta.issuer, `${porta.issuer}/oauth2/token/x`]],
    ["the issuer and a path template with a parameter", () => [porta.issuer, `${porta.issuer}/oauth2/register/{client_id}`]],
    ["the issuer and a number", () => [porta.issuer, 42]],
    ["the token endpoint alone", () => [`${porta.issuer}/oauth2/token`]],
    ["the token and PAR endpoints, without the issuer", () => [`${porta.issuer}/oauth2/token`, `${porta.issuer}/oauth2/par`]],
  ])("aud = [%s] → 401 invalid_client, and the code stays redeemable", async (_name, aud) => {
    const issued = await issueCode(pkjAud);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkjAud, { aud: aud() })), /aud must be the issuer identifier/);
  });

  it("aud = [the issuer, the token endpoint URL], as Auth.js sends it, is accepted", async () => {
    const issued = await issueCode(pkjAud);
    expectTokens(await redeemWith(issued, await assertion(pkjAud, { aud: [porta.issuer, `${porta.issuer}/oauth2/token`] })));
  });

  it("iss ≠ sub → 401 invalid_client", async () => {
    for (const mismatch of [{ iss: pkjJti.client_id }, { sub: pkjJti.client_id }]) {
      const issued = await issueCode(pkj);
      await expectRefusedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, mismatch)), 401, "invalid_client", /iss and sub/);
    }
  });

  it("an expired assertion → 401 invalid_client", async () => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { iat: now() - 300, exp: now() - 120 })), /client_assertion has expired/);
  });

  it("exp an hour ahead → 401 invalid_client; exactly 5 minutes ahead is accepted", async () => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { exp: now() + 3600 })), /expires too far ahead/);
    const next = await issueCode(pkj);
    expectTokens(await redeemWith(next, await assertion(pkj, { exp: now() + 300 })));
  });

  it("no exp → 401 invalid_client", async () => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { exp: undefined })), /must have exp/);
  });

  it("a reused jti → 401 invalid_client on the second use, also re-signed with new times; that code stays redeemable", async () => {
    const jti = randomUUID();
    const once = await assertion(pkj, { jti });
    expectTokens(await redeemWith(await issueCode(pkj), once));
    const issued = await issueCode(pkj);
    expectAuthFailed(await redeemWith(issued, once), /jti was already used/);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { jti, iat: now() + 1, exp: now() + 90 })), /jti was already used/);
  });

  it("an assertion spent on a refused redemption (wrong code_verifier, unknown code, used code) cannot be used again", async () => {
    const issued = await issueCode(pkj);
    const spentOnVerifier = await assertion(pkj);
    expectRefused(await redeemWith(issued, spentOnVerifier, { code_verifier: randomBytes(32).toString("base64url") }), 400, "invalid_grant");
    expectAuthFailed(await redeemWith(issued, spentOnVerifier), /jti was already used/);

    const spentOnUnknownCode = await assertion(pkj);
    expectRefused(await redeemWith({ ...issued, code: randomBytes(32).toString("base64url") }, spentOnUnknownCode), 400, "invalid_grant");
    expectAuthFailed(await redeemWith(issued, spentOnUnknownCode), /jti was already used/);

    expectTokens(await redeemWith(issued, await assertion(pkj)));
    const spentOnUsedCode = await assertion(pkj);
    expectRefused(await redeemWith(issued, spentOnUsedCode), 400, "invalid_grant", /already used/);
    const next = await issueCode(pkj);
    expectAuthFailed(await redeemWith(next, spentOnUsedCode), /jti was already used/);
    expectTokens(await redeemWith(next, await assertion(pkj)));
  });

  it("an assertion spent on a request refused before the redemption's statement (no code, an unsupported or unregistered grant) cannot be used again", async () => {
    const issued = await issueCode(pkj);
    const spentOnNoCode = await assertion(pkj);
    expectRefused(await redeemWith(issued, spentOnNoCode, { code: undefined }), 400, "invalid_request");
    expectAuthFailed(await redeemWith(issued, spentOnNoCode), /jti was already used/);

    const spentOnUnsupportedGrant = await assertion(pkj);
    expectRefused(await redeemWith(issued, spentOnUnsupportedGrant, { grant_type: "password" }), 400, "unsupported_grant_type");
    expectAuthFailed(await redeemWith(issued, spentOnUnsupportedGrant), /jti was already used/);

    const spentOnUnregisteredGrant = await assertion(pkj);
    expectRefused(await redeemWith(issued, spentOnUnregisteredGrant, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: "x" }), 400, "unauthorized_client");
    expectAuthFailed(await redeemWith(issued, spentOnUnregisteredGrant), /jti was already used/);
    expectTokens(await redeemWith(issued, await assertion(pkj)));
  });

  it("a used jti stays used through the clock-skew window after exp, even once expired rows are swept", async () => {
    const once = await assertion(pkj, { exp: now() + 1 });
    expectTokens(await redeemWith(await issueCode(pkj), once));
    const issued = await issueCode(pkj);
    advanceClock(2500);
    // What the jti store's housekeeping deletes: rows whose expiresAt has passed.
    await (await prisma()).seenJti.deleteMany({ where: { expiresAt: { lt: new Date(nowMs()) } } });
    await expectRefusedKeepsCode(issued, await redeemWith(issued, once), 401, "invalid_client");
  });

  it("a jti that is not a string (RFC 7519 §4.1.7) → 401 invalid_client: its reuse could not be detected", async () => {
    const issued = await issueCode(pkjNoFtn);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkjNoFtn, { jti: 4711 })), /jti must be a string/);
  });

  it("require_jti: an assertion without jti → 401 invalid_client; with a jti it is accepted", async () => {
    const issued = await issueCode(pkjJti);
    expectAuthFailed(await redeemWith(issued, await assertion(pkjJti, { jti: undefined })), /must have a jti/);
    expectTokens(await redeemWith(issued, await assertion(pkjJti)));
    // The same client without require_jti (and without FTN) accepts an assertion without jti.
    expectTokens(await redeemWith(await issueCode(pkjNoFtn), await assertion(pkjNoFtn, { jti: undefined })));
  });

  it("FTN enabled: a jti is required even without require_jti", async () => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, { jti: undefined })), /must have a jti/);
  });

  it("an unsigned assertion (alg none) → 401 invalid_client", async () => {
    const issued = await issueCode(pkj);
    const unsigned = new UnsecuredJWT({ sub: pkj.client_id, aud: porta.issuer, jti: randomUUID() }).setIssuer(pkj.client_id).setIssuedAt().setExpirationTime("1m").encode();
    await expectRefusedKeepsCode(issued, await redeemWith(issued, unsigned), 401, "invalid_client");
  });

  it("an HS256 assertion → 401 invalid_client", async () => {
    const issued = await issueCode(pkj);
    const hmac = await new SignJWT({ iss: pkj.client_id, sub: pkj.client_id, aud: porta.issuer, jti: randomUUID() })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(randomBytes(32));
    await expectRefusedKeepsCode(issued, await redeemWith(issued, hmac), 401, "invalid_client");
  });

  it("token_endpoint_auth_signing_alg ES256 registered: an RS256 assertion by the registered RSA key → 401 invalid_client; ES256 gets tokens", async () => {
    const issued = await issueCode(pkjEsAssertions);
    expectAuthFailed(await redeemWith(issued, await assertion(pkjEsAssertions)), /alg RS256: this application registered token_endpoint_auth_signing_alg ES256/);
    expectTokens(await redeemWith(issued, await assertion(pkjEsAssertions, {}, { alg: "ES256", kid: "ec1", key: ecKey })));
  });

  it("token_endpoint_auth_signing_alg at the PAR endpoint too: RS256 → 401 invalid_client, ES256 → 201", async () => {
    const pushed = (clientAssertion: string) =>
      postForm("/oauth2/par", { client_id: pkjEsAssertions.client_id, response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", acr_values: MOCK, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", client_assertion_type: ASSERTION_TYPE, client_assertion: clientAssertion });
    expectAuthFailed(await pushed(await assertion(pkjEsAssertions)), /token_endpoint_auth_signing_alg ES256/);
    const accepted = await pushed(await assertion(pkjEsAssertions, {}, { alg: "ES256", kid: "ec1", key: ecKey }));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it.each([
    ["with an unknown kid", "k-unknown"],
    ["under the registered kid", "k1"],
    ["without a kid", null],
  ])("signed by an unregistered key %s → 401 invalid_client", async (_name, kid) => {
    const issued = await issueCode(pkj);
    await expectAuthFailedKeepsCode(issued, await redeemWith(issued, await assertion(pkj, {}, { key: unregisteredKey, kid })), /signature is invalid|not signed by a key registered/);
  });

  it("a body client_id different from the assertion's sub → 401 invalid_client", async () => {
    const issued = await issueCode(pkj);
    await expectRefusedKeepsCode(issued, await redeemWith(issued, await assertion(pkj), { client_id: pkjJti.client_id }), 401, "invalid_client", /client_id/);
  });

  it("a wrong or missing client_assertion_type → 400 invalid_request", async () => {
    const issued = await issueCode(pkj);
    expectRefused(await redeemWith(issued, await assertion(pkj), { client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:saml2-bearer" }), 400, "invalid_request");
    await expectRefusedKeepsCode(issued, await redeemWith(issued, await assertion(pkj), { client_assertion_type: undefined }), 400, "invalid_request");
  });

  it("an assertion plus Basic credentials → 400 invalid_request", async () => {
    const issued = await issueCode(pkj);
    const answer = await redeemWith(issued, await assertion(pkj), {}, { Authorization: basicAuth(secretClient.client_id, secretClient.client_secret!) });
    await expectRefusedKeepsCode(issued, answer, 400, "invalid_request");
  });

  it("a client_secret_basic client presenting a client assertion → 401 invalid_client; its code stays redeemable with Basic", async () => {
    const issued = await issueCode(secretClient);
    expectAuthFailed(await redeemWith(issued, await assertion(secretClient)), /registered for client_secret_basic, not private_key_jwt/);
    const tokens = await postForm(
      "/oauth2/token",
      { grant_type: "authorization_code", code: issued.code, redirect_uri: RP_CALLBACK, code_verifier: issued.verifier },
      { Authorization: basicAuth(secretClient.client_id, secretClient.client_secret!) },
    );
    expectTokens(tokens);
  });

  it("at the PAR endpoint too: aud = the PAR endpoint URL → 401 invalid_client", async () => {
    const pushed = await postForm("/oauth2/par", {
      redirect_uri: RP_CALLBACK,
      response_type: "code",
      scope: "openid",
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(pkj, { aud: `${porta.issuer}/oauth2/par` }),
    });
    expectAuthFailed(pushed, /aud must be the issuer identifier/);
    expect(pushed.body).not.toHaveProperty("request_uri");
  });

  it("at the PAR endpoint: aud = [the issuer, the PAR endpoint URL] is accepted", async () => {
    const pushed = await postForm("/oauth2/par", {
      redirect_uri: RP_CALLBACK,
      response_type: "code",
      scope: "openid",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(pkjAud, { aud: [porta.issuer, `${porta.issuer}/oauth2/par`] }),
    });
    expect(pushed.status).toBe(201);
    expect(pushed.body).toHaveProperty("request_uri");
  });

  it("at the PAR endpoint: a jti is used once, also when the pushed request was refused, and not again at the token endpoint", async () => {
    const push = (clientAssertion: string, extra: Record<string, string> = {}) =>
      postForm("/oauth2/par", { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", client_assertion_type: ASSERTION_TYPE, client_assertion: clientAssertion, ...extra });
    const once = await assertion(pkj);
    const first = await push(once);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expectAuthFailed(await push(once), /jti was already used/);

    const spentOnRefusal = await assertion(pkj);
    expectRefused(await push(spentOnRefusal, { redirect_uri: "https://elsewhere.example/cb" }), 400, "invalid_request");
    expectAuthFailed(await push(spentOnRefusal), /jti was already used/);

    const issued = await issueCode(pkj);
    expectAuthFailed(await redeemWith(issued, once), /jti was already used/);
    expectTokens(await redeemWith(issued, await assertion(pkj)));
  });

  it("an unknown client_id, a signature by an unregistered key and a wrong aud answer identically; only the log tells them apart", async () => {
    const issued = await issueCode(pkj);
    const unknown = "no-such-client";
    const answers = [
      await redeemWith(issued, await sign({ iss: unknown, sub: unknown, aud: porta.issuer, iat: now(), exp: now() + 60, jti: randomUUID() })),
      await redeemWith(issued, await assertion(pkj, {}, { key: unregisteredKey })),
      await redeemWith(issued, await assertion(pkj, { aud: `${porta.issuer}/oauth2/token` })),
    ];
    const shapes = answers.map((a) => ({ status: a.status, body: a.body, authenticate: a.headers.get("www-authenticate") }));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]).toEqual({ status: 401, body: { error: "invalid_client", error_description: CLIENT_AUTHENTICATION_FAILED }, authenticate: null });
    expect(authLog.takeNew().map((line) => [line.clientId, line.reason])).toEqual([
      [unknown, "unknown client_id"],
      [pkj.client_id, "client_assertion signature is invalid"],
      [pkj.client_id, expect.stringMatching(/aud must be the issuer identifier/)],
    ]);
    expectTokens(await redeemWith(issued, await assertion(pkj)));
  });
});

/** A request object for `client` with good defaults; `overrides` replace or (undefined) drop claims. */
function requestObject(client: RegisteredClient, overrides: Record<string, unknown> = {}, options: SignOptions = {}): Promise<string> {
  return sign(
    {
      iss: client.client_id,
      aud: porta.issuer,
      client_id: client.client_id,
      response_type: "code",
      redirect_uri: RP_CALLBACK,
      scope: "openid",
      acr_values: MOCK,
      state: "inner-state",
      nonce: "inner-nonce",
      iat: now(),
      nbf: now(),
      exp: now() + 300,
      jti: randomUUID(),
      ...overrides,
    },
    options,
  );
}

/** GET /oauth2/authorize with outer parameters and a request object. */
function authorizeJar(client: RegisteredClient, request: string, outer: Record<string, string> = {}): Promise<Hop> {
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", state: "outer-state", ...outer, request });
  return new TestBrowser(porta.issuer).get(`/oauth2/authorize?${query}`);
}

function expectInvalidRequestObject(hop: Hop): void {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBe("invalid_request_object");
  expect(params.error_description).toBeTruthy();
  // A request object's refusal says what is wrong with it; only client authentication is generic.
  expect(params.error_description).not.toBe(CLIENT_AUTHENTICATION_FAILED);
  expect(params.state).toBe("outer-state");
  expect(params.iss).toBe(porta.issuer);
  expect(params).not.toHaveProperty("code");
}

function expectJarCode(hop: Hop): string {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBeUndefined();
  // The request object's values win over the outer ones.
  expect(params.state).toBe("inner-state");
  expect(params.iss).toBe(porta.issuer);
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return params.code!;
}

describe("signed request objects (JAR) at authorize: refused", () => {
  it("a correct request object starts the login with its own values", async () => {
    expectJarCode(await authorizeJar(pkj, await requestObject(pkj)));
  });

  it("alg none → invalid_request_object at the outer redirect_uri, with the outer state and iss", async () => {
    const unsigned = new UnsecuredJWT({ aud: porta.issuer, client_id: pkj.client_id, response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", acr_values: MOCK, state: "inner-state" })
      .setIssuer(pkj.client_id)
      .setIssuedAt()
      .setExpirationTime("5m")
      .encode();
    expectInvalidRequestObject(await authorizeJar(pkj, unsigned));
  });

  it("HS256 → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, {}, { alg: "HS256", key: randomBytes(32), kid: null })));
  });

  it("signed by a key that is not registered → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, {}, { key: unregisteredKey })));
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, {}, { key: unregisteredKey, kid: "k-unknown" })));
  });

  it("a wrong aud → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { aud: "https://other.example" })));
  });

  it("a wrong iss → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { iss: pkjJti.client_id })));
  });

  it("an expired request object, or one without exp → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { iat: now() - 600, nbf: now() - 600, exp: now() - 120 })));
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { exp: undefined })));
  });

  it("exp more than 60 minutes after nbf → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { nbf: now(), exp: now() + 61 * 60 })));
  });

  it("client_id inside ≠ client_id outside → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { client_id: pkjJti.client_id })));
  });

  it("a reused jti → invalid_request_object the second time", async () => {
    const once = await requestObject(pkj);
    expectJarCode(await authorizeJar(pkj, once));
    expectInvalidRequestObject(await authorizeJar(pkj, once));
  });

  it("a used jti stays used through the clock-skew window after exp, even once expired rows are swept", async () => {
    const once = await requestObject(pkj, { exp: now() + 1 });
    expectJarCode(await authorizeJar(pkj, once));
    advanceClock(2500);
    await (await prisma()).seenJti.deleteMany({ where: { expiresAt: { lt: new Date(nowMs()) } } });
    expectInvalidRequestObject(await authorizeJar(pkj, once));
  });

  it("a jti that is not a string → invalid_request_object", async () => {
    expectInvalidRequestObject(await authorizeJar(pkj, await requestObject(pkj, { jti: 4711 })));
  });

  it("a bad request object with an unregistered outer redirect_uri → the error page, no redirect", async () => {
    const bad = await requestObject(pkj, {}, { key: unregisteredKey });
    for (const hop of [await authorizeJar(pkj, bad, { redirect_uri: "https://attacker.example/callback" }), await authorizeJar(pkj, bad, { redirect_uri: "" })]) {
      expect(hop.status, hop.text.slice(0, 300)).toBe(400);
      expect(hop.location).toBeNull();
      expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
      expect(errorPageCode(hop.text)).toBe("invalid_request");
    }
  });

  it("request_object_signing_alg ES256 registered, an RS256 object → invalid_request_object; ES256 works", async () => {
    expectInvalidRequestObject(await authorizeJar(pkjEs, await requestObject(pkjEs)));
    expectJarCode(await authorizeJar(pkjEs, await requestObject(pkjEs, {}, { alg: "ES256", key: ecKey, kid: "ec1" })));
  });
});

describe("a request object inside a PAR body", () => {
  async function pushJar(request: string): Promise<JsonAnswer> {
    return postForm("/oauth2/par", { client_id: pkj.client_id, request, client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion(pkj) });
  }

  it("works: its values are what authorize uses", async () => {
    const pushed = await pushJar(await requestObject(pkj));
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${new URLSearchParams({ client_id: pkj.client_id, request_uri: pushed.body.request_uri as string })}`);
    const code = expectJarCode(hop);
    const tokens = await postForm("/oauth2/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: RP_CALLBACK,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(pkj),
    });
    expectTokens(tokens);
  });

  it("a bad one → 400 invalid_request_object JSON", async () => {
    for (const bad of [await requestObject(pkj, {}, { key: unregisteredKey }), await requestObject(pkj, { aud: "https://other.example" }), await requestObject(pkj, { client_id: pkjJti.client_id })]) {
      const answer = await pushJar(bad);
      expectRefused(answer, 400, "invalid_request_object");
      expect(answer.body.error_description).not.toBe(CLIENT_AUTHENTICATION_FAILED);
    }
  });
});

/**
 * A decoupled login's request id is its code, kept on the completed login and redeemed by the same
 * statement as a browser login's code: one access token per login, single use, a second poll
 * revokes what the first one got, the client assertion's jti recorded with the token.
 */
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nowMs } from "../../lib/clock";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { advanceClock, resetClock } from "../support/clock";
import { userinfo } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const SE = "urn:grn:authn:se:bankid";
const ERIK = "197808094515";
const CIBA_GRANT = "urn:openid:params:grant-type:ciba";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

let porta: TestPorta;
let ciba: RegisteredClient;
/** Registered for both the code grant and CIBA. */
let both: RegisteredClient;
let pkj: RegisteredClient;
let key: CryptoKey;

beforeAll(async () => {
  porta = await startTestPorta();
  ciba = await registerClient(porta, { grant_types: [CIBA_GRANT], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
  both = await registerClient(porta, { grant_types: ["authorization_code", CIBA_GRANT], response_types: ["code"], backchannel_token_delivery_mode: "poll" });
  const pair = await generateKeyPair("RS256", { extractable: true });
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", use: "sig", alg: "RS256" };
  pkj = await registerClient(porta, {
    grant_types: [CIBA_GRANT],
    response_types: undefined,
    redirect_uris: undefined,
    backchannel_token_delivery_mode: "poll",
    token_endpoint_auth_method: "private_key_jwt",
    jwks: { keys: [jwk] },
  });
});

afterAll(async () => {
  await porta.close();
});
afterEach(resetClock);

interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function postForm(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const basic = (client: RegisteredClient) => ({ Authorization: basicAuth(client.client_id, client.client_secret!) });

async function startCiba(client: RegisteredClient, auth: Record<string, string> = {}, headers: Record<string, string> = basic(client)): Promise<string> {
  const started = await postForm("/ciba/bc-authorize", { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, ...auth }, headers);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.auth_req_id as string;
}

async function approve(authReqId: string): Promise<void> {
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
  const response = await fetch(`${porta.issuer}/test/devices/${login.id}/approve`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
}

function poll(client: RegisteredClient, authReqId: string): Promise<JsonAnswer> {
  return postForm("/oauth2/token", { grant_type: CIBA_GRANT, auth_req_id: authReqId }, basic(client));
}

function assertion(jti: string = randomUUID()): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: pkj.client_id, sub: pkj.client_id, aud: porta.issuer, iat: now, exp: now + 60, jti }).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(key);
}

const assertionForm = async (jti?: string) => ({ client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion(jti) });

describe("a decoupled login's code", () => {
  it("is the request id's hash on the completed login; its one access token is bound to the login, and no other row is written", async () => {
    const authReqId = await startCiba(ciba);
    await approve(authReqId);
    const db = await prisma();
    const login = await db.login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
    expect(login.state).toBe("completed");
    expect(login.codeHash).toBe(hashToken(authReqId));
    expect(login.codeExpiresAt!.getTime()).toBe(login.expiresAt.getTime());

    const tokens = await poll(ciba, authReqId);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const row = await db.accessToken.findUniqueOrThrow({ where: { tokenHash: hashToken(tokens.body.access_token as string) } });
    expect(row.loginId).toBe(login.id);
    expect(row.scope).toBe("openid ssn");
    const claims = (await (await userinfo(porta, tokens.body.access_token as string)).json()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: login.subject, ssn: ERIK });
    expect(claims).not.toHaveProperty("acr");
  });

  it("a second poll after the tokens → invalid_grant, and the first poll's access token is revoked", async () => {
    const authReqId = await startCiba(ciba);
    await approve(authReqId);
    const first = await poll(ciba, authReqId);
    expect(first.status).toBe(200);
    expect((await userinfo(porta, first.body.access_token as string)).status).toBe(200);
    const second = await poll(ciba, authReqId);
    expect(second).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(second.body.error_description).toMatch(/already used.*revoked/);
    expect((await userinfo(porta, first.body.access_token as string)).status).toBe(401);
  });

  it("two concurrent polls after approval: exactly one gets tokens, and the other's attempt revokes them", async () => {
    for (let round = 0; round < 3; round++) {
      const authReqId = await startCiba(ciba);
      await approve(authReqId);
      const answers = await Promise.all([poll(ciba, authReqId), poll(ciba, authReqId)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const won = answers.find((a) => a.status === 200)!;
      expect(answers.find((a) => a.status === 400)!.body.error).toBe("invalid_grant");
      expect((await userinfo(porta, won.body.access_token as string)).status).toBe(401);
    }
  });

  it("approved a moment before the request expires → its code expires with the request, not a minute later", async () => {
    const authReqId = await startCiba(ciba);
    const db = await prisma();
    const expiresAt = new Date(nowMs() + 1500);
    await db.login.update({ where: { decoupledIdHash: hashToken(authReqId) }, data: { expiresAt } });
    await approve(authReqId);
    const login = await db.login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
    expect(login.state).toBe("completed");
    expect(login.codeExpiresAt!.getTime()).toBe(expiresAt.getTime());
    advanceClock(expiresAt.getTime() - nowMs() + 100);
    expect((await poll(ciba, authReqId)).body.error).toBe("expired_token");
    expect(await db.accessToken.count({ where: { loginId: login.id } })).toBe(0);
  });

  it("polled after the code expired → expired_token, and no token is issued", async () => {
    const authReqId = await startCiba(ciba);
    await approve(authReqId);
    const db = await prisma();
    await db.login.update({ where: { decoupledIdHash: hashToken(authReqId) }, data: { codeExpiresAt: new Date(Date.now() - 1000) } });
    expect((await poll(ciba, authReqId)).body.error).toBe("expired_token");
    const login = await db.login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
    expect(await db.accessToken.count({ where: { loginId: login.id } })).toBe(0);
  });

  it("is no authorization code: an auth_req_id sent to the code grant → invalid_grant, and polling still gets the tokens", async () => {
    const authReqId = await startCiba(both);
    await approve(authReqId);
    const asCode = await postForm("/oauth2/token", { grant_type: "authorization_code", code: authReqId, redirect_uri: RP_CALLBACK }, basic(both));
    expect(asCode).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "The authorization code is not valid" } });
    expect((await poll(both, authReqId)).status).toBe(200);
  });

  it("private_key_jwt at bc-authorize: a replayed assertion starts no login, nor does one spent on a refused request", async () => {
    const loginsOfPkj = async () => (await prisma()).login.count({ where: { application: { clientId: pkj.client_id } } });
    const request = { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}` };
    const jti = randomUUID();
    await startCiba(pkj, await assertionForm(jti), {});
    const logins = await loginsOfPkj();
    expect(await postForm("/ciba/bc-authorize", { ...request, ...(await assertionForm(jti)) })).toMatchObject({ status: 401, body: { error: "invalid_client" } });

    const spent = randomUUID();
    const refused = await postForm("/ciba/bc-authorize", { ...request, scope: "ssn", ...(await assertionForm(spent)) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(await postForm("/ciba/bc-authorize", { ...request, ...(await assertionForm(spent)) })).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(await loginsOfPkj()).toBe(logins);
  });

  it("private_key_jwt: the poll's assertion jti is used up whatever the answer, pending or tokens", async () => {
    const authReqId = await startCiba(pkj, await assertionForm(), {});
    const pollWith = async (jti: string) => postForm("/oauth2/token", { grant_type: CIBA_GRANT, auth_req_id: authReqId, ...(await assertionForm(jti)) });

    const pendingJti = randomUUID();
    expect((await pollWith(pendingJti)).body.error).toBe("authorization_pending");
    const replayedWhilePending = await pollWith(pendingJti);
    expect(replayedWhilePending).toMatchObject({ status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" } });
    // The replay was refused before it touched the login (no slow_down counted).
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
    expect(login.pollIntervalS).toBe(3);

    await approve(authReqId);
    const tokensJti = randomUUID();
    const tokens = await pollWith(tokensJti);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(await (await prisma()).seenJti.count({ where: { issuer: `assertion:${pkj.client_id}`, jti: tokensJti } })).toBe(1);
    // Replayed after the tokens: refused as a replay before anything is said about the code.
    expect(await pollWith(tokensJti)).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect((await userinfo(porta, tokens.body.access_token as string)).status).toBe(200);
  });
});

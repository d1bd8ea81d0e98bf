/**
 * No national id is readable in the database (personal data is stored sealed, so a copy of the
 * database or a backup does not give it away): after real logins of test
 * identities that released it (`ssn` scope) — a redeemed code, an unredeemed one, an SSO session,
 * a browser login hinted at the person, a pushed request hinted at the person, a CIBA request
 * pending and one redeemed — every text, JSON and array column of every table is searched for the
 * numbers, and none holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { db, prisma } from "../../lib/db/client";
import { ACCESS_TOKEN_LIFETIME_S } from "../../lib/oauth/token/access-tokens";
import { sweepOnce } from "../../lib/retention/sweep";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { TestBrowser } from "../support/browser";
import { authorizePath, expectCode, login, MITID, redeemOk, SE_BANKID, userinfo } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const CPR = "1406851237"; // mitid-1
const RETENTION = { deliveryLogDays: 30, auditLogDays: 365 };
const ERIK = "197808094515"; // se-bankid-2
const ANNA = "199003152387"; // se-bankid-1

let porta: TestPorta;
let rp: RegisteredClient;
let ciba: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
  ciba = await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
});

afterAll(async () => {
  await porta.close();
});

function cibaPost(path: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(ciba.client_id, ciba.client_secret!) },
    body: new URLSearchParams(form),
  });
}

async function approve(authReqId: string): Promise<void> {
  const loginRow = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(authReqId) } });
  const response = await fetch(`${porta.issuer}/test/devices/${loginRow.id}/approve`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
}

/** Every (table, column) of the public schema whose values are text, JSON or arrays. */
async function searchableColumns(): Promise<{ table: string; column: string }[]> {
  return (await db()).query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      ORDER BY table_name, column_name`,
  );
}

async function columnsHolding(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await searchableColumns()) {
    const [row] = await (await db()).query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text LIKE $1`, [`%${needle}%`]);
    if (row && row.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe("personal data at rest", () => {
  it("after logins that released national ids, no text, JSON or array column of any table holds one", { timeout: 60_000 }, async () => {
    // A browser login whose code is redeemed (and its access token used), leaving an SSO session.
    const browser = new TestBrowser(porta.issuer);
    const first = expectCode(await login(browser, authorizePath(rp, { acr_values: MITID, scope: "openid ssn" }), "mitid-1"), porta);
    const tokens = await redeemOk(porta, rp, first.code);
    expect(((await (await userinfo(porta, tokens.access_token)).json()) as Record<string, unknown>).cprNumberIdentifier).toBe(CPR);
    // A second login answered from the SSO session: its code is left unredeemed.
    const sso = await browser.get(authorizePath(rp, { acr_values: MITID, scope: "openid ssn" }));
    expectCode(sso, porta);
    // A browser login hinted at the person (BankID prefills the personnummer), its code unredeemed.
    expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: SE_BANKID, scope: "openid ssn", login_hint: `sub:${ANNA}` }), "se-bankid-1"), porta);
    // A login hinted at the person that is still at the eID step.
    const pending = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: SE_BANKID, scope: "openid ssn", login_hint: `sub:${ERIK}` }));
    expect(pending.status).toBe(303);

    // A pushed request (RFC 9126) hinted at the person, not yet used.
    const pushed = await fetch(`${porta.issuer}/oauth2/par`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
      body: new URLSearchParams({ redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid ssn", acr_values: SE_BANKID, login_hint: `sub:${ANNA}` }),
    });
    expect(pushed.status).toBe(201);

    // CIBA: one request redeemed, one approved and unredeemed, one pending.
    const start = async () => ((await (await cibaPost("/ciba/bc-authorize", { scope: "openid ssn", acr_values: SE_BANKID, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string }).auth_req_id;
    const redeemed = await start();
    await approve(redeemed);
    const polled = await cibaPost("/oauth2/token", { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: redeemed });
    expect(polled.status).toBe(200);
    await approve(await start());
    await start();

    // The rows exist (the search is not vacuous) ...
    const p = await prisma();
    expect(await p.login.count()).toBeGreaterThanOrEqual(7);
    expect(await p.browserSession.count({ where: { sealedIdentity: { not: null } } })).toBeGreaterThanOrEqual(2);
    expect(await p.accessToken.count()).toBe(2);
    expect(await p.parRequest.count()).toBe(1);
    // ... and the columns are found (a typo in the query would make the test pass vacuously).
    const columns = (await searchableColumns()).map((c) => `${c.table}.${c.column}`);
    expect(columns).toEqual(expect.arrayContaining(["LoginTransaction.request", "LoginTransaction.sealedClaims", "BrowserSession.sealedIdentity", "ParRequest.params", "WebhookDelivery.outcome", "AuditEvent.after"]));

    // The search finds what is there: the client id is stored in the clear.
    expect(await columnsHolding(rp.client_id)).toContain("Application.clientId");
    for (const id of [CPR, ERIK, ANNA]) expect(await columnsHolding(id), id).toEqual([]);
  });

  it("a redeemed code's claims stay on its login while the token lives, then are cleared; an ended session's identity is cleared", async () => {
    const browser = new TestBrowser(porta.issuer);
    const params = expectCode(await login(browser, authorizePath(rp, { acr_values: MITID, scope: "openid ssn" }), "mitid-1"), porta);
    const p = await prisma();
    const loginRow = await p.login.findUniqueOrThrow({ where: { codeHash: hashToken(params.code) } });
    expect(loginRow.sealedClaims).toMatch(/^v1\./);
    const tokens = await redeemOk(porta, rp, params.code);
    // Userinfo reads them there, through the token; nothing copies them.
    expect(((await (await userinfo(porta, tokens.access_token)).json()) as Record<string, unknown>).cprNumberIdentifier).toBe(CPR);
    expect(await columnsHolding(CPR)).toEqual([]);
    // A sweep while the token lives keeps them; one past the token's expiry clears them.
    await sweepOnce(await db(), { ...RETENTION, now: new Date(Date.now() + 2 * 60 * 1000) });
    expect((await p.login.findUniqueOrThrow({ where: { id: loginRow.id } })).sealedClaims).toBe(loginRow.sealedClaims);
    await sweepOnce(await db(), { ...RETENTION, now: new Date(Date.now() + (ACCESS_TOKEN_LIFETIME_S + 60) * 1000) });
    expect((await p.login.findUniqueOrThrow({ where: { id: loginRow.id } })).sealedClaims).toBeNull();

    const logout = await browser.get(`/oauth2/logout?client_id=${rp.client_id}`);
    expect(logout.status).toBeLessThan(500);
    expect(await p.browserSession.count({ where: { id: loginRow.sessionId!, sealedIdentity: null, endedAt: { not: null } } })).toBe(1);
  });

  it("a code presented twice revokes its token: the next sweep clears the login's claims, and userinfo refuses the token", async () => {
    const params = expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, scope: "openid ssn" }), "mitid-1"), porta);
    const tokens = await redeemOk(porta, rp, params.code);
    const replay = await fetch(`${porta.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
      body: new URLSearchParams({ grant_type: "authorization_code", code: params.code, redirect_uri: RP_CALLBACK }),
    });
    expect(replay.status).toBe(400);
    const p = await prisma();
    const loginId = (await p.login.findUniqueOrThrow({ where: { codeHash: hashToken(params.code) } })).id;
    // The code is still within its lifetime: only the revoked token's absence lets the claims go.
    await sweepOnce(await db(), { ...RETENTION, now: new Date(Date.now() + 2 * 60 * 1000) });
    expect((await p.login.findUniqueOrThrow({ where: { id: loginId } })).sealedClaims).toBeNull();
    expect((await userinfo(porta, tokens.access_token)).status).toBe(401);
  });

  it("a sealed value cannot be moved to another row: another login's claims do not open", async () => {
    const codes = [];
    for (let i = 0; i < 2; i++) codes.push(expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, scope: "openid ssn" }), "mitid-1"), porta).code);
    const p = await prisma();
    const [a, b] = await Promise.all(codes.map((c) => p.login.findUniqueOrThrow({ where: { codeHash: hashToken(c) } })));
    await p.login.update({ where: { id: b!.id }, data: { sealedClaims: a!.sealedClaims } });
    const response = await fetch(`${porta.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(rp.client_id, rp.client_secret!) },
      body: new URLSearchParams({ grant_type: "authorization_code", code: codes[1]!, redirect_uri: RP_CALLBACK }),
    });
    expect(response.status).toBe(500);
  });
});

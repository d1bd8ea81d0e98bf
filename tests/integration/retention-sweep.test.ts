/**
 * The retention sweeper (README, Security, "Retention"): after 10,000 logins and a sweep past their
 * lifetimes, the login-related tables hold only live rows. The 10,000 logins' rows are written in
 * bulk with the rows a login leaves (a completed login with its sealed claims and code, its access
 * token, its SSO session, a consumed PAR request, a client assertion's jti); a few real logins over
 * HTTP join them. Time is moved by sweeping with a later `now`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, prisma } from "../../lib/db/client";
import { LOGIN_GRACE_MS, sweep, sweepOnce, SWEEP_LOCK_KEY } from "../../lib/retention/sweep";
import { registerClient, type RegisteredClient } from "../support/clients";
import { TestBrowser } from "../support/browser";
import { authorizePath, expectCode, login, MITID, redeemOk } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

const LOGINS = 10_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RETENTION = { deliveryLogDays: 30, auditLogDays: 365 };

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

const later = (ms: number) => new Date(Date.now() + ms);

type Counts = Record<"logins" | "tokens" | "sessions" | "pars" | "jtis" | "deliveries" | "audits", number>;

async function counts(): Promise<Counts> {
  const p = await prisma();
  const [logins, tokens, sessions, pars, jtis, deliveries, audits] = await Promise.all([
    p.login.count(),
    p.accessToken.count(),
    p.browserSession.count(),
    p.parRequest.count(),
    p.seenJti.count(),
    p.webhookDelivery.count(),
    p.auditEvent.count(),
  ]);
  return { logins, tokens, sessions, pars, jtis, deliveries, audits };
}

/** The rows of `n` finished logins, written as the login code writes them, in a few statements. */
async function insertFinishedLogins(n: number, applicationId: string, tenantId: string): Promise<void> {
  const d = await db();
  const now = `(now() AT TIME ZONE 'UTC')`;
  await d.query(
    `INSERT INTO "LoginTransaction" (id, "applicationId", kind, state, request, acr, subject, "authTime", "sessionId", "sealedClaims", "codeHash", "codeExpiresAt", "updatedAt", "expiresAt")
     SELECT gen_random_uuid(), $1::uuid, 'browser', 'completed', '{"scopes":["openid"]}'::jsonb, $2, gen_random_uuid()::text, ${now}, gen_random_uuid(),
            'v1.sealed', md5(i::text || 'code'), ${now} + interval '60 seconds', ${now}, ${now} + interval '30 minutes'
       FROM generate_series(1, $3::int) AS i`,
    [applicationId, MITID, n],
  );
  await d.query(
    `INSERT INTO "AccessToken" (id, "tokenHash", "applicationId", "loginId", subject, scope, "expiresAt")
     SELECT gen_random_uuid(), md5(t.id::text), t."applicationId", t.id, t.subject, 'openid', ${now} + interval '300 seconds'
       FROM "LoginTransaction" t WHERE t."codeHash" LIKE '________________________________' AND t."applicationId" = $1::uuid`,
    [applicationId],
  );
  await d.query(
    `INSERT INTO "BrowserSession" (id, "sessionHash", "tenantId", subject, acr, "sealedIdentity", "authTime", "expiresAt")
     SELECT gen_random_uuid(), md5(i::text || 'session'), $1::uuid, gen_random_uuid()::text, $2, 'v1.sealed', ${now}, ${now} + interval '8 hours'
       FROM generate_series(1, $3::int) AS i`,
    [tenantId, MITID, n],
  );
  await d.query(
    `INSERT INTO "ParRequest" (id, "requestIdHash", "applicationId", params, "expiresAt", "consumedAt")
     SELECT gen_random_uuid(), md5(i::text || 'par'), $1::uuid, '{}'::jsonb, ${now} + interval '90 seconds', ${now}
       FROM generate_series(1, $2::int) AS i`,
    [applicationId, n],
  );
  await d.query(
    `INSERT INTO "SeenJti" (issuer, jti, "expiresAt") SELECT 'bulk-client', i::text, ${now} + interval '5 minutes' FROM generate_series(1, $1::int) AS i`,
    [n],
  );
  await d.query(
    `INSERT INTO "WebhookDelivery" (id, "applicationId", "extensionId", event, attempt, status, "latencyMs", outcome, "createdAt")
     SELECT gen_random_uuid(), $1::uuid, gen_random_uuid(), 'post-auth', 1, 200, 12, 'continue', ${now} FROM generate_series(1, $2::int) AS i`,
    [applicationId, n],
  );
}

describe("retention sweeper", () => {
  it("after 10,000 logins and a sweep past their lifetimes, the login tables hold only live rows", { timeout: 60_000 }, async () => {
    const p = await prisma();
    const app = await p.application.findUniqueOrThrow({ where: { clientId: rp.client_id } });
    const before = await counts();
    await insertFinishedLogins(LOGINS, app.id, app.tenantId);

    // A few real logins over HTTP: one redeemed, one left unredeemed.
    const browser = new TestBrowser(porta.issuer);
    const redeemed = expectCode(await login(browser, authorizePath(rp, { acr_values: MITID, scope: "openid ssn" })), porta);
    await redeemOk(porta, rp, redeemed.code);
    expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID })), porta);

    const loaded = await counts();
    expect(loaded.logins).toBe(before.logins + LOGINS + 2);
    expect(loaded.tokens).toBe(before.tokens + LOGINS + 1);

    // Now: everything is live, nothing is deleted.
    const now = await sweepOnce(await db(), RETENTION);
    expect(now).toMatchObject({ logins: 0, accessTokens: 0, browserSessions: 0, parRequests: 0, seenJtis: 0, webhookDeliveries: 0 });
    expect(await counts()).toEqual(loaded);

    // Past the codes (60 s): the unredeemed code's claims are cleared, its login kept; the
    // redeemed ones' stay while their tokens live (userinfo reads them).
    const afterCodes = await sweepOnce(await db(), { ...RETENTION, now: later(2 * 60 * 1000) });
    expect(afterCodes.loginClaims).toBe(1);
    expect(afterCodes).toMatchObject({ logins: 0, accessTokens: 0, parRequests: loaded.pars });
    expect(await p.login.count({ where: { sealedClaims: { not: null } } })).toBe(LOGINS + 1);

    // Past the tokens and jtis (5 min): every claim is cleared, before the tokens go in the same pass.
    const afterTokens = await sweepOnce(await db(), { ...RETENTION, now: later(6 * 60 * 1000) });
    expect(afterTokens).toMatchObject({ loginClaims: LOGINS + 1, accessTokens: loaded.tokens, seenJtis: loaded.jtis, logins: 0 });
    expect(await p.login.count({ where: { sealedClaims: { not: null } } })).toBe(0);

    // Logins an hour after they ended: gone.
    const started = performance.now();
    const afterLogins = await sweepOnce(await db(), { ...RETENTION, now: later(LOGIN_GRACE_MS + 40 * 60 * 1000), batchSize: 1000 });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(afterLogins.logins).toBe(loaded.logins);
    expect(afterLogins).toMatchObject({ accessTokens: 0, seenJtis: 0 });
    // SSO sessions last 8 hours: these are live.
    expect(afterLogins.browserSessions).toBe(0);
    expect(await counts()).toMatchObject({ logins: 0, tokens: 0, pars: 0, jtis: 0, sessions: loaded.sessions });

    const afterSessions = await sweepOnce(await db(), { ...RETENTION, now: later(9 * HOUR_MS) });
    expect(afterSessions.browserSessions).toBe(loaded.sessions);
    // The webhook delivery log is kept DELIVERY_LOG_DAYS, the audit log AUDIT_LOG_DAYS.
    expect(await counts()).toMatchObject({ logins: 0, tokens: 0, sessions: 0, pars: 0, jtis: 0, deliveries: loaded.deliveries, audits: loaded.audits });
    await sweepOnce(await db(), { ...RETENTION, now: later(31 * DAY_MS) });
    expect(await counts()).toMatchObject({ deliveries: 0, audits: loaded.audits });
    await sweepOnce(await db(), { ...RETENTION, now: later(366 * DAY_MS) });
    expect(await counts()).toEqual({ logins: 0, tokens: 0, sessions: 0, pars: 0, jtis: 0, deliveries: 0, audits: 0 });
  });

  it("a live login survives a sweep: a pending login, a fresh code and its session are kept", async () => {
    const browser = new TestBrowser(porta.issuer);
    const params = expectCode(await login(browser, authorizePath(rp, { acr_values: MITID })), porta);
    const pending = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MITID }));
    expect(pending.status).toBe(303);
    const before = await counts();
    await sweepOnce(await db(), RETENTION);
    expect(await counts()).toEqual(before);
    await redeemOk(porta, rp, params.code);
  });

  it("one sweep at a time: while another holds the sweeper's lock, a sweep does nothing", async () => {
    const d = await db();
    const held = await d.withLockIfFree(SWEEP_LOCK_KEY, async () => {
      expect(await sweep(d, RETENTION)).toBeUndefined();
      return true;
    });
    expect(held).toBe(true);
    expect(await sweep(d, RETENTION)).toMatchObject({ logins: expect.any(Number) as number });
  });
});

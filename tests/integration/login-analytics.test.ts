/**
 * The analytics aggregates of the dashboard's analytics page: logins that end — browser (plain
 * and PAR) and decoupled, success, cancel, errors by code — and failed login webhooks are counted
 * per tenant, UTC day and eID as they end, and the page's query service reads them back: every day
 * of the range present, durations from the buckets, nothing of another tenant. A tenant's
 * applications count into the same rows, and a batch the database refuses does not hold back the
 * ones after it. The retention sweeper removes days older than 400 days.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BUCKET_COUNT, bucketIndex } from "../../lib/analytics/duration-buckets";
import { loadTenantAnalytics } from "../../lib/analytics/load-tenant-analytics";
import { flushLoginOutcomes, recordLoginOutcome } from "../../lib/analytics/record-login-outcome";
import { utcDay } from "../../lib/analytics/utc-day";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { hashToken } from "../../lib/crypto/hash";
import { db, prisma } from "../../lib/db/client";
import { logger } from "../../lib/log";
import { ANALYTICS_DAYS, sweepOnce } from "../../lib/retention/sweep";
import { createTenant } from "../../lib/tenants/create-tenant";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, expectEidStep, expectRedirectedError, login, MITID, MOCK, SE_BANKID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
beforeAll(async () => {
  porta = await startTestPorta();
});
afterAll(async () => {
  await porta.close();
});

const ERIK = "197808094515"; // a Swedish BankID test person
const DAY_MS = 24 * 60 * 60 * 1000;

function post(path: string, client: RegisteredClient, form: Record<string, string>): Promise<Response> {
  return fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams(form),
  });
}

/** A CIBA request for Erik, answered on the simulated devices (approve or decline). */
async function cibaLogin(client: RegisteredClient, approve: boolean): Promise<void> {
  const started = (await (await post("/ciba/bc-authorize", client, { scope: "openid", acr_values: SE_BANKID, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
  const loginRow = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(started.auth_req_id) } });
  const answered = await fetch(`${porta.issuer}/test/devices/${loginRow.id}/${approve ? "approve" : "decline"}`, { method: "POST", redirect: "manual" });
  expect(answered.status).toBeLessThan(400);
}

describe("logins counted as they end", () => {
  let rp: RegisteredClient;
  let tenantId: string;
  /** The application's row id (a login's applicationId), not its client_id. */
  let applicationId: string;

  it("success, cancel, errors, a failed webhook, PAR and CIBA logins reach the tenant's daily counts", async () => {
    rp = await registerClient(porta);
    tenantId = rp.tenant_id as string;
    applicationId = (await (await prisma()).application.findUniqueOrThrow({ where: { clientId: rp.client_id } })).id;
    expect((await loadTenantAnalytics({ tenantId })).hasData).toBe(false);

    // Two MitID successes and one with the mock eID (which answers at once).
    for (const state of ["s1", "s2"]) expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, state })), porta, state);
    expectCode(await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MOCK, state: "s3" })), porta, "s3");

    // A pushed request: its login completes inside the transaction that consumes the request.
    const pushed = await post("/oauth2/par", rp, { client_id: rp.client_id, redirect_uri: "https://rp.example/callback", response_type: "code", scope: "openid", acr_values: MITID, state: "s4" });
    expect(pushed.status).toBe(201);
    const { request_uri } = (await pushed.json()) as { request_uri: string };
    expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { request_uri, redirect_uri: null, response_type: null, scope: null })), porta, "s4");

    // The person cancels on the eID step.
    const cancelling = new TestBrowser(porta.issuer);
    const id = expectEidStep(await cancelling.get(authorizePath(rp, { acr_values: MITID, state: "c1" })));
    expectRedirectedError(await cancelling.post(`/login/${id}/cancel`, {}), porta, { error: "access_denied", state: "c1" });

    // prompt=none without a session: login_required, before any eID was chosen.
    expectRedirectedError(await new TestBrowser(porta.issuer).get(authorizePath(rp, { prompt: "none", state: "e1" })), porta, { error: "login_required", state: "e1" });

    // The login webhook cannot be reached (a name that never resolves), its retry neither: server_error, one failed webhook call.
    const hooked = await registerClient(porta, { webhook: { url: "https://webhook.invalid/porta" } });
    expect(hooked.tenant_id).toBe(tenantId);
    const failed = await login(new TestBrowser(porta.issuer), authorizePath(hooked, { acr_values: MITID, state: "w1" }));
    expect(expectRedirectedError(failed, porta, { error: "server_error", state: "w1" }).error_description).toBe("login webhook failed");

    // Decoupled: one approved, one declined on the devices.
    const ciba = await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    await cibaLogin(ciba, true);
    await cibaLogin(ciba, false);

    const data = await loadTenantAnalytics({ tenantId });
    const today = utcDay(new Date());
    expect(data.hasData).toBe(true);
    expect(data.outcomes).toEqual({ success: 5, cancel: 2, error: 2 });
    expect(data.errorsByCode).toEqual([
      { code: "login_required", count: 1 },
      { code: "server_error", count: 1 },
    ]);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toBe(today);
    const todays = data.loginsPerDay.at(-1)!;
    expect(todays).toMatchObject({ day: today, total: 9 });
    // MitID: 3 successes, the cancel and the failed webhook; BankID: the two CIBA logins.
    expect(todays.byAcr).toEqual({ [MITID]: 5, [MOCK]: 1, [SE_BANKID]: 2, "": 1 });
    // Busiest eID first; a login that ended before an eID was chosen has its own series.
    expect(data.eids.map((e) => e.acr)).toEqual([MITID, SE_BANKID, "", MOCK]);
    expect(data.eids[2]!.label).toBe("No eID chosen");
    expect(data.eids[0]!.label).toMatch(/MitID/);
    // Days without logins count zero: the range keeps all 30.
    expect(data.loginsPerDay.slice(0, -1).every((d) => d.total === 0 && Object.keys(d.byAcr).length === 0)).toBe(true);
    // Durations of the five successes, from their buckets.
    expect(data.duration.count).toBe(5);
    expect(data.duration.medianMs).toBeGreaterThanOrEqual(0);
    expect(data.duration.p95Ms!).toBeGreaterThanOrEqual(data.duration.medianMs!);
    expect(data.durationPerDay.at(-1)).toMatchObject({ day: today, count: 5 });
    expect(data.webhookFailures).toBe(1);
    expect(data.webhookFailuresPerDay.at(-1)).toEqual({ day: today, count: 1 });
  });

  it("another tenant sees none of it", async () => {
    const other = await createTenant({ name: "Analytics Other Bank", environment: "test" }, null, SYSTEM_ACTOR);
    const data = await loadTenantAnalytics({ tenantId: other.id });
    expect(data.hasData).toBe(false);
    expect(data.outcomes).toEqual({ success: 0, cancel: 0, error: 0 });
    expect(data.eids).toEqual([]);
    expect(data.errorsByCode).toEqual([]);
    expect(data.webhookFailures).toBe(0);
    expect(data.loginsPerDay.every((d) => d.total === 0)).toBe(true);
    expect(data.duration).toEqual({ count: 0, medianMs: null, p95Ms: null });
    // Counting for the other tenant's day does not touch the first tenant's.
    expect((await loadTenantAnalytics({ tenantId })).outcomes.success).toBe(5);
  });

  it("refuses a tenant id that is no UUID, and a range of 0 or more than 400 days", async () => {
    await expect(loadTenantAnalytics({ tenantId: "not-a-uuid" })).rejects.toThrow();
    await expect(loadTenantAnalytics({ tenantId: "'; DROP TABLE \"LoginDailyStat\"; --" })).rejects.toThrow();
    await expect(loadTenantAnalytics({ tenantId, days: 0 })).rejects.toThrow();
    await expect(loadTenantAnalytics({ tenantId, days: 401 })).rejects.toThrow();
  });

  it("endings buffered then flushed, some while a flush runs, lose no count, and each lands in its duration bucket", async () => {
    const startedAt = new Date(Date.now() - 5_000);
    const endedAt = new Date(startedAt.getTime() + 5_000);
    const end = (k: number) => recordLoginOutcome({ loginId: `c${k}`, applicationId, acr: MITID, outcome: "error", errorCode: "temporarily_unavailable", startedAt, endedAt });
    for (let k = 0; k < 10; k++) end(k);
    const first = flushLoginOutcomes();
    for (let k = 10; k < 25; k++) end(k);
    await Promise.all([first, flushLoginOutcomes(), flushLoginOutcomes()]);
    const row = await (await prisma()).loginDailyStat.findUniqueOrThrow({
      where: { tenantId_day_acr_outcome_errorCode: { tenantId, day: new Date(`${utcDay(endedAt)}T00:00:00Z`), acr: MITID, outcome: "error", errorCode: "temporarily_unavailable" } },
    });
    expect(row.count).toBe(25);
    expect(row.durationBuckets).toHaveLength(BUCKET_COUNT);
    expect(row.durationBuckets[bucketIndex(5_000)]).toBe(25);
    expect(row.durationBuckets.reduce((a, b) => a + b, 0)).toBe(25);
  });

  it("an unknown application counts nothing (it has no tenant)", async () => {
    await flushLoginOutcomes();
    const before = await (await prisma()).loginDailyStat.count();
    recordLoginOutcome({ loginId: "x", applicationId: "00000000-0000-4000-8000-000000000000", acr: MITID, outcome: "success", errorCode: null, startedAt: new Date() });
    await flushLoginOutcomes();
    expect(await (await prisma()).loginDailyStat.count()).toBe(before);
  });

  it("the retention sweep removes days older than 400 days and keeps the rest", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (ANALYTICS_DAYS + 1) * DAY_MS);
    const kept = new Date(now.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS);
    for (const endedAt of [old, kept]) {
      recordLoginOutcome({ loginId: "r", applicationId, acr: MITID, outcome: "success", errorCode: null, startedAt: endedAt, endedAt });
    }
    await flushLoginOutcomes();
    const p = await prisma();
    await p.webhookFailureDailyStat.create({ data: { tenantId, day: new Date(`${utcDay(old)}T00:00:00Z`), count: 3 } });
    const report = await sweepOnce(await db(), { now, deliveryLogDays: 30, auditLogDays: 365 });
    expect(report.analytics).toBe(2);
    const days = (await p.loginDailyStat.findMany({ where: { tenantId } })).map((r) => utcDay(r.day));
    expect(days).not.toContain(utcDay(old));
    expect(days).toContain(utcDay(kept));
    expect(await p.webhookFailureDailyStat.count({ where: { tenantId, day: { lt: new Date(`${utcDay(kept)}T00:00:00Z`) } } })).toBe(0);
  });
});

describe("one tenant's applications counted together", () => {
  /** The tenant's row of today for the mock eID's successes, as the charts read it. */
  async function todaysMockSuccesses(tenantId: string): Promise<number> {
    const data = await loadTenantAnalytics({ tenantId });
    expect(data.outcomes.cancel + data.outcomes.error).toBe(0);
    return data.loginsPerDay.at(-1)!.byAcr[MOCK] ?? 0;
  }

  async function twoApplications(name: string): Promise<{ tenantId: string; rps: RegisteredClient[]; ids: string[] }> {
    const tenant = await createTenant({ name, environment: "test" }, null, SYSTEM_ACTOR);
    const rps = [await registerClient(porta, { tenant_id: tenant.id }), await registerClient(porta, { tenant_id: tenant.id })];
    const ids = await Promise.all(rps.map(async (rp) => (await (await prisma()).application.findUniqueOrThrow({ where: { clientId: rp.client_id } })).id));
    return { tenantId: tenant.id, rps, ids };
  }

  it("logins through two applications at once reach the tenant's charts", async () => {
    const { tenantId, rps } = await twoApplications("Analytics Two Apps Bank");
    // Mock-eID logins answer at once: they all end within one flush of the counts.
    const logins = Array.from({ length: 6 }, (_, k) => new TestBrowser(porta.issuer).get(authorizePath(rps[k % 2]!, { acr_values: MOCK, state: `t${k}` })));
    for (const [k, hop] of (await Promise.all(logins)).entries()) expectCode(hop, porta, `t${k}`);
    const data = await loadTenantAnalytics({ tenantId });
    expect(data.outcomes).toEqual({ success: 6, cancel: 0, error: 0 });
    expect(data.loginsPerDay.at(-1)).toMatchObject({ total: 6, byAcr: { [MOCK]: 6 } });
    expect(data.duration.count).toBe(6);
  });

  it("endings of both applications in one batch land in the tenant's one row per day, eID and outcome", async () => {
    const { tenantId, ids } = await twoApplications("Analytics One Batch Bank");
    const startedAt = new Date(Date.now() - 2_000);
    for (const applicationId of [...ids, ...ids, ids[0]!]) recordLoginOutcome({ loginId: "b", applicationId, acr: MOCK, outcome: "success", errorCode: null, startedAt });
    await flushLoginOutcomes();
    expect(await todaysMockSuccesses(tenantId)).toBe(5);
    const row = await (await prisma()).loginDailyStat.findFirstOrThrow({ where: { tenantId, acr: MOCK } });
    expect(row.durationBuckets.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it("a batch the database refuses is retried a few times, then dropped and logged once; the counts after it are written", async () => {
    const { tenantId, ids } = await twoApplications("Analytics Refused Batch Bank");
    const logged = vi.spyOn(logger, "error");
    try {
      // A NUL character: PostgreSQL refuses it in any text, so this batch can never be written.
      recordLoginOutcome({ loginId: "x", applicationId: ids[0]!, acr: "urn:bad\u0000acr", outcome: "success", errorCode: null, startedAt: new Date() });
      await flushLoginOutcomes();
      recordLoginOutcome({ loginId: "y", applicationId: ids[1]!, acr: MOCK, outcome: "success", errorCode: null, startedAt: new Date() });
      await flushLoginOutcomes();
      expect(await todaysMockSuccesses(tenantId)).toBe(1);
      const drops = () => logged.mock.calls.filter(([, message]) => typeof message === "string" && message.startsWith("could not write the login analytics"));
      for (let k = 0; k < 5; k++) await flushLoginOutcomes();
      expect(drops()).toHaveLength(1);
      expect(drops()[0]![0]).toMatchObject({ logins: 1, attempts: 3 });
      // Nothing of it is left to try: later flushes write, and log, nothing more.
      recordLoginOutcome({ loginId: "z", applicationId: ids[0]!, acr: MOCK, outcome: "success", errorCode: null, startedAt: new Date() });
      await flushLoginOutcomes();
      expect(await todaysMockSuccesses(tenantId)).toBe(2);
      expect(drops()).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});

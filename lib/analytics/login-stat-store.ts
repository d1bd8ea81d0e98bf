/**
 * The SQL of the login analytics' daily rows (LoginDailyStat). A row's key is the tenant's
 * (tenant, UTC day, eID, outcome, error code), so the counts of a tenant's applications are summed
 * to that key before they are written: PostgreSQL refuses an upsert that meets one row twice.
 * The column list is checked against prisma/schema.prisma (login-stat-store.test.ts).
 */
import { prisma } from "../db/client";
import { addBuckets, emptyBuckets } from "./duration-buckets";
import type { LoginOutcome } from "../login/login-state";

/** Counts of one application's ended logins under one key, as the buffer holds them. */
export interface ApplicationCounts {
  applicationId: string;
  day: string;
  acr: string;
  outcome: LoginOutcome;
  errorCode: string;
  count: number;
  buckets: number[];
}

/** Counts under one row's key. */
interface TenantCounts extends Omit<ApplicationCounts, "applicationId"> {
  tenantId: string;
}

export const LOGIN_STAT_UPSERT_SQL = `
INSERT INTO "LoginDailyStat" ("tenantId", day, acr, outcome, "errorCode", count, "durationBuckets")
SELECT p."tenantId", p.day::date, p.acr, p.outcome::"LoginOutcome", p."errorCode", p.count, p.buckets::int[]
FROM jsonb_to_recordset($1::jsonb) AS p("tenantId" uuid, day text, acr text, outcome text, "errorCode" text, count int, buckets text)
JOIN "Tenant" t ON t.id = p."tenantId"
ON CONFLICT ("tenantId", day, acr, outcome, "errorCode") DO UPDATE SET
  count = "LoginDailyStat".count + EXCLUDED.count,
  "durationBuckets" = ARRAY(SELECT o + n FROM unnest("LoginDailyStat"."durationBuckets", EXCLUDED."durationBuckets") AS t(o, n))`;

/** `counts` summed per row key, under their applications' tenants; an unknown application's are left out. */
export function sumPerTenant(counts: readonly ApplicationCounts[], tenantOf: ReadonlyMap<string, string>): TenantCounts[] {
  const rows = new Map<string, TenantCounts>();
  for (const { applicationId, ...entry } of counts) {
    const tenantId = tenantOf.get(applicationId);
    if (!tenantId) continue;
    const key = `${tenantId}\u0000${entry.day}\u0000${entry.acr}\u0000${entry.outcome}\u0000${entry.errorCode}`;
    const row = rows.get(key) ?? { ...entry, tenantId, count: 0, buckets: emptyBuckets() };
    row.count += entry.count;
    addBuckets(row.buckets, entry.buckets);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Adds `counts` to their tenants' daily rows: one read of the applications' tenants, one upsert. */
export async function addLoginCounts(counts: readonly ApplicationCounts[]): Promise<void> {
  if (counts.length === 0) return;
  const db = await prisma();
  const applicationIds = [...new Set(counts.map((c) => c.applicationId))];
  const applications = await db.application.findMany({ where: { id: { in: applicationIds } }, select: { id: true, tenantId: true } });
  const rows = sumPerTenant(counts, new Map(applications.map((a) => [a.id, a.tenantId])));
  if (rows.length === 0) return;
  await db.$executeRawUnsafe(LOGIN_STAT_UPSERT_SQL, JSON.stringify(rows.map(({ buckets, ...row }) => ({ ...row, buckets: `{${buckets.join(",")}}` }))));
}

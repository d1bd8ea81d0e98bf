/**
 * The analytics page's data for one tenant: the last `days` UTC days of its daily aggregates
 * (LoginDailyStat, WebhookFailureDailyStat), a few rows per day, never the logins themselves.
 * Every day of the range is present (a day without logins counts zero), so charts keep their axis.
 */
import { z } from "zod";
import { prisma } from "../db/client";
import { flushLoginOutcomes } from "./record-login-outcome";
import { findEidMethod } from "../eid/catalogue";
import { addBuckets, emptyBuckets, quantileMs } from "./duration-buckets";
import { lastUtcDays, utcDay } from "./utc-day";
import { nowMs } from "../clock";

export const ZTenantAnalyticsQuerySchema = z.object({
  tenantId: z.uuid(),
  days: z.number().int().min(1).max(400).default(30),
  now: z.date().optional(),
});
export type TTenantAnalyticsQuery = z.input<typeof ZTenantAnalyticsQuerySchema>;

export interface EidSeries {
  /** The acr; "" for logins that ended before an eID was chosen. */
  acr: string;
  label: string;
}

export interface DurationFigures {
  /** Successful logins measured. */
  count: number;
  medianMs: number | null;
  p95Ms: number | null;
}

export interface TenantAnalytics {
  days: string[];
  hasData: boolean;
  eids: EidSeries[];
  /** Logins that ended per day (every outcome), by acr. */
  loginsPerDay: { day: string; total: number; byAcr: Record<string, number> }[];
  outcomes: { success: number; cancel: number; error: number };
  /** Errors by OAuth error code, most frequent first (cancels are not errors). */
  errorsByCode: { code: string; count: number }[];
  /** Successful logins' durations, from the login's start to its code or token. */
  durationPerDay: ({ day: string } & DurationFigures)[];
  duration: DurationFigures;
  webhookFailuresPerDay: { day: string; count: number }[];
  webhookFailures: number;
}

const NO_EID = "No eID chosen";

/** The eIDs' names; two of the same name (BankID of Sweden and of Norway) get their country. */
function seriesOf(acrs: string[]): EidSeries[] {
  const methods = acrs.map((acr) => ({ acr, method: acr === "" ? undefined : findEidMethod(acr) }));
  const names = methods.map((m) => (m.acr === "" ? NO_EID : (m.method?.name ?? m.acr)));
  return methods.map((m, i) => {
    const shared = names.filter((n) => n === names[i]).length > 1;
    return { acr: m.acr, label: shared && m.method ? `${names[i]} (${m.method.country.toUpperCase()})` : names[i]! };
  });
}

function figures(buckets: readonly number[]): DurationFigures {
  return { count: buckets.reduce((a, b) => a + b, 0), medianMs: quantileMs(buckets, 0.5), p95Ms: quantileMs(buckets, 0.95) };
}

export async function loadTenantAnalytics(query: TTenantAnalyticsQuery): Promise<TenantAnalytics> {
  const { tenantId, days: dayCount, now } = ZTenantAnalyticsQuerySchema.parse(query);
  const days = lastUtcDays(now ?? new Date(nowMs()), dayCount);
  const from = new Date(`${days[0]}T00:00:00Z`);
  // This process's logins of the last second are in its buffer until the next flush.
  await flushLoginOutcomes();
  const db = await prisma();
  const [rows, hooks] = await Promise.all([
    db.loginDailyStat.findMany({ where: { tenantId, day: { gte: from } } }),
    db.webhookFailureDailyStat.findMany({ where: { tenantId, day: { gte: from } } }),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const loginsPerDay = days.map((day) => ({ day, total: 0, byAcr: {} as Record<string, number> }));
  const successBuckets = days.map(() => emptyBuckets());
  const outcomes = { success: 0, cancel: 0, error: 0 };
  const errors = new Map<string, number>();
  const acrs = new Map<string, number>();
  for (const row of rows) {
    const i = index.get(utcDay(row.day));
    if (i === undefined) continue; // a day after `now` (a clock step back): not in this range
    const day = loginsPerDay[i]!;
    day.total += row.count;
    day.byAcr[row.acr] = (day.byAcr[row.acr] ?? 0) + row.count;
    acrs.set(row.acr, (acrs.get(row.acr) ?? 0) + row.count);
    outcomes[row.outcome] += row.count;
    if (row.outcome === "error") errors.set(row.errorCode, (errors.get(row.errorCode) ?? 0) + row.count);
    if (row.outcome === "success") addBuckets(successBuckets[i]!, row.durationBuckets);
  }
  const webhookFailuresPerDay = days.map((day) => ({ day, count: 0 }));
  for (const row of hooks) {
    const i = index.get(utcDay(row.day));
    if (i !== undefined) webhookFailuresPerDay[i]!.count += row.count;
  }
  const allSuccess = successBuckets.reduce((sum, b) => addBuckets(sum, b), emptyBuckets());
  const webhookFailures = webhookFailuresPerDay.reduce((sum, d) => sum + d.count, 0);
  return {
    days,
    hasData: rows.length > 0 || webhookFailures > 0,
    // Busiest eID first: the bars stack in that order and the legend reads the same way.
    eids: seriesOf([...acrs].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([acr]) => acr)),
    loginsPerDay,
    outcomes,
    errorsByCode: [...errors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code, count]) => ({ code, count })),
    durationPerDay: days.map((day, i) => ({ day, ...figures(successBuckets[i]!) })),
    duration: figures(allSuccess),
    webhookFailuresPerDay,
    webhookFailures,
  };
}

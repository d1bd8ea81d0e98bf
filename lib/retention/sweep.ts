/**
 * The retention sweeper: deletes what Porta no longer needs, in batches, so table
 * sizes stay flat under a steady login rate, and clears the claims of logins whose code can no
 * longer be redeemed. Every instance runs it; the advisory lock lets one pass run at a time (in
 * embedded mode the one process runs it). Each batch is its own short statement, so a pass never
 * holds many row locks, and the rules depend only on `now`, so a pass can be repeated safely.
 */
import type { Database } from "../db/client";
import { utcParam } from "../db/sql";
import { nowMs } from "../clock";

export const SWEEP_LOCK_KEY = 7_305_118_002; // arbitrary, fixed: the sweeper's advisory lock id
export const SWEEP_BATCH_SIZE = 1000;
/** Ended and expired logins are kept this long (to explain a late callback or a reused code). */
export const LOGIN_GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The analytics' daily counts are kept 400 days: a year, and the same weeks a year before. */
export const ANALYTICS_DAYS = 400;
/** Dashboard invitations are deleted this long after they expire (used or not). */
export const INVITATION_KEEP_DAYS = 30;

export interface SweepOptions {
  now?: Date;
  batchSize?: number;
  deliveryLogDays: number;
  auditLogDays: number;
}

/** Rows deleted (or, for `loginClaims`, cleared) per rule. */
export type SweepReport = Record<SweepRule, number>;

type SweepRule =
  | "loginClaims"
  | "logins"
  | "parRequests"
  | "accessTokens"
  | "browserSessions"
  | "seenJtis"
  | "webhookDeliveries"
  | "auditEvents"
  | "adminInvitations"
  | "analytics";

interface Rule {
  name: SweepRule;
  table: string;
  /** A condition on the table's rows with `$1` = the cut-off instant (UTC). */
  where: string;
  cutoff: (now: Date, options: SweepOptions) => Date;
  /** Instead of deleting: the SET clause that clears the personal data of matching rows. */
  clear?: string;
}

const now = (at: Date) => at;
const minus = (ms: number) => (at: Date) => new Date(at.getTime() - ms);

const RULES: readonly Rule[] = [
  {
    // A login's claims serve its code's redemption and then userinfo, for as long as the access
    // token it redeemed lives (the token reads them here); a failed login's are cleared as it
    // fails. Cleared: those of expired logins and expired codes with no live token.
    name: "loginClaims",
    table: "LoginTransaction",
    where: `"sealedClaims" IS NOT NULL AND ("expiresAt" < $1 OR (state = 'completed' AND coalesce("codeExpiresAt", '-infinity') < $1))
      AND NOT EXISTS (SELECT 1 FROM "AccessToken" t WHERE t."loginId" = "LoginTransaction".id AND t."expiresAt" >= $1 AND t."revokedAt" IS NULL)`,
    cutoff: now,
    clear: `"sealedClaims" = NULL`,
  },
  // CIBA and headless requests are logins of their own kind: the same rules.
  { name: "logins", table: "LoginTransaction", where: `"expiresAt" < $1`, cutoff: minus(LOGIN_GRACE_MS) },
  {
    name: "logins",
    table: "LoginTransaction",
    where: `state IN ('completed', 'failed') AND "updatedAt" < $1 AND coalesce("codeExpiresAt", '-infinity') < $1`,
    cutoff: minus(LOGIN_GRACE_MS),
  },
  { name: "parRequests", table: "ParRequest", where: `"expiresAt" < $1`, cutoff: now },
  { name: "accessTokens", table: "AccessToken", where: `"expiresAt" < $1`, cutoff: now },
  { name: "browserSessions", table: "BrowserSession", where: `"expiresAt" < $1 OR "endedAt" < $1`, cutoff: now },
  { name: "seenJtis", table: "SeenJti", where: `"expiresAt" < $1`, cutoff: now },
  { name: "webhookDeliveries", table: "WebhookDelivery", where: `"createdAt" < $1`, cutoff: (at, o) => minus(o.deliveryLogDays * DAY_MS)(at) },
  { name: "auditEvents", table: "AuditEvent", where: `"createdAt" < $1`, cutoff: (at, o) => minus(o.auditLogDays * DAY_MS)(at) },
  // Kept a while past their expiry, so an old link still reads "expired" or "used", not "unknown".
  { name: "adminInvitations", table: "AdminInvitation", where: `"expiresAt" < $1`, cutoff: minus(INVITATION_KEEP_DAYS * DAY_MS) },
  // `day` is a UTC date: a day is removed once all of it is older than the cut-off.
  { name: "analytics", table: "LoginDailyStat", where: `day < $1::date`, cutoff: minus(ANALYTICS_DAYS * DAY_MS) },
  { name: "analytics", table: "WebhookFailureDailyStat", where: `day < $1::date`, cutoff: minus(ANALYTICS_DAYS * DAY_MS) },
];

const UTC_PARAM = utcParam("$1");

function batchSql(rule: Rule): string {
  const where = rule.where.replaceAll("$1", UTC_PARAM);
  const pick = `SELECT ctid FROM "${rule.table}" WHERE ${where} LIMIT $2`;
  return rule.clear
    ? `WITH done AS (UPDATE "${rule.table}" SET ${rule.clear} WHERE ctid IN (${pick}) RETURNING 1) SELECT count(*)::int AS n FROM done`
    : `WITH done AS (DELETE FROM "${rule.table}" WHERE ctid IN (${pick}) RETURNING 1) SELECT count(*)::int AS n FROM done`;
}

/** One pass of every rule, batch after batch until a rule has nothing left. */
export async function sweepOnce(database: Database, options: SweepOptions): Promise<SweepReport> {
  const at = options.now ?? new Date(nowMs());
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  const report = Object.fromEntries(RULES.map((r) => [r.name, 0])) as SweepReport;
  for (const rule of RULES) {
    const sql = batchSql(rule);
    const cutoff = rule.cutoff(at, options).toISOString();
    for (;;) {
      const [row] = await database.query<{ n: number }>(sql, [cutoff, batchSize]);
      const n = row?.n ?? 0;
      report[rule.name] += n;
      if (n < batchSize) break;
    }
  }
  return report;
}

/** A pass if no other instance is sweeping now; undefined when one is. */
export function sweep(database: Database, options: SweepOptions): Promise<SweepReport | undefined> {
  return database.withLockIfFree(SWEEP_LOCK_KEY, () => sweepOnce(database, options));
}

/**
 * Counts a login that ended in the tenant's daily aggregate (LoginDailyStat). A login adds 1 to
 * its (application, UTC day, eID, outcome, error code) key and to the bucket of its duration in
 * this process's buffer; the buffer goes to the database in one statement every second (and when
 * the page reads, and at shutdown), so the login itself writes no row for the analytics and
 * concurrent logins never queue on one aggregate row (a login's hot path writes only its own rows).
 * A process that dies loses at most its last second of counts: the aggregate is a picture, not
 * a ledger. A count whose flush fails is put back and tried again with the next one.
 */
import { prisma } from "../db/client";
import { logger } from "../log";
import { processSingleton } from "../process/state";
import { BUCKET_COUNT, bucketIndex } from "./duration-buckets";
import type { EndedLogin } from "./ended-login";
import { utcDay } from "./utc-day";

export type { EndedLogin } from "./ended-login";

const FLUSH_INTERVAL_MS = 1000;

interface Pending {
  applicationId: string;
  day: string;
  acr: string;
  outcome: EndedLogin["outcome"];
  errorCode: string;
  count: number;
  buckets: number[];
}

/** Shared by the custom server's and the Next bundle's copy of lib/ (lib/process/state.ts). */
const pending = processSingleton("analytics.login-outcomes", () => new Map<string, Pending>());
const flushing = processSingleton("analytics.login-flush", () => new Map<"flush", Promise<void>>());
const timers = processSingleton("analytics.login-timer", () => new Map<"timer", NodeJS.Timeout>());

/** One row per key: the application's tenant is found in the same statement. */
const UPSERT = `
INSERT INTO "LoginDailyStat" ("tenantId", day, acr, outcome, "errorCode", count, "durationBuckets")
SELECT a."tenantId", p.day::date, p.acr, p.outcome::"LoginOutcome", p."errorCode", p.count, p.buckets::int[]
FROM jsonb_to_recordset($1::jsonb) AS p("applicationId" uuid, day text, acr text, outcome text, "errorCode" text, count int, buckets text)
JOIN "Application" a ON a.id = p."applicationId"
ON CONFLICT ("tenantId", day, acr, outcome, "errorCode") DO UPDATE SET
  count = "LoginDailyStat".count + EXCLUDED.count,
  "durationBuckets" = ARRAY(SELECT o + n FROM unnest("LoginDailyStat"."durationBuckets", EXCLUDED."durationBuckets") AS t(o, n))`;

/** Adds an ended login to this process's buffer (no I/O). */
export function recordLoginOutcome(login: EndedLogin): void {
  const endedAt = login.endedAt ?? new Date();
  const day = utcDay(endedAt);
  const acr = login.acr ?? "";
  const errorCode = login.errorCode ?? "";
  const key = `${login.applicationId}\u0000${day}\u0000${acr}\u0000${login.outcome}\u0000${errorCode}`;
  const buffer = pending();
  let entry = buffer.get(key);
  if (!entry) {
    entry = { applicationId: login.applicationId, day, acr, outcome: login.outcome, errorCode, count: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0) };
    buffer.set(key, entry);
  }
  entry.count += 1;
  entry.buckets[bucketIndex(endedAt.getTime() - login.startedAt.getTime())]! += 1;
  if (!timers().has("timer")) {
    const timer = setInterval(() => void flushLoginOutcomes(), FLUSH_INTERVAL_MS);
    timer.unref();
    timers().set("timer", timer);
  }
}

function merge(into: Map<string, Pending>, key: string, entry: Pending): void {
  const held = into.get(key);
  if (!held) {
    into.set(key, entry);
    return;
  }
  held.count += entry.count;
  for (const [i, n] of entry.buckets.entries()) held.buckets[i]! += n;
}

async function writeBuffered(): Promise<void> {
  const buffer = pending();
  if (buffer.size === 0) return;
  const batch = new Map(buffer);
  buffer.clear();
  const rows = [...batch.values()].map(({ buckets, ...row }) => ({ ...row, buckets: `{${buckets.join(",")}}` }));
  try {
    await (await prisma()).$executeRawUnsafe(UPSERT, JSON.stringify(rows));
  } catch (error) {
    for (const [key, entry] of batch) merge(buffer, key, entry);
    logger.error({ err: error, keys: batch.size }, "could not write the login analytics; they are kept for the next try");
  }
}

/** Writes this process's buffered counts (one flush at a time; callers share a running one). */
export function flushLoginOutcomes(): Promise<void> {
  const running = flushing().get("flush");
  if (running) return running.then(() => flushLoginOutcomes());
  const flush = writeBuffered().finally(() => flushing().delete("flush"));
  flushing().set("flush", flush);
  return flush;
}

/** Stops the flush timer (at shutdown, after the last flush). */
export function stopLoginOutcomeFlusher(): void {
  const timer = timers().get("timer");
  if (timer) clearInterval(timer);
  timers().delete("timer");
}

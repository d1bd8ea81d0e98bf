/**
 * Counters in fixed windows (failures, or new logins), kept in the database (the `RateLimit` table through
 * rate-limiter-flexible's Prisma store) so that every instance sees the same counts.
 *
 * A limit is checked with a read (`secondsBlocked`, or `blockedCountersSql` inside a statement of
 * the request's own) and counted only when the guarded work fails (`countFailure`): a successful
 * request writes nothing. The count is one `INSERT … ON CONFLICT DO UPDATE SET points = points + 1`,
 * so concurrent failures all count.
 * Keys are hashed: what they are made of (client_ids, emails) may be long or personal.
 * A limit whose guarded work must not even start beyond it (a password hash) takes its point first
 * (`takePoint`) and gives it back (`refundPoints`) when the work turns out not to count.
 */
import { createHash, randomInt } from "node:crypto";
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { db, prisma } from "../db/client";
import { epochMs, utcParam } from "../db/sql";
import { defineStatement, type Param } from "../db/statement";
import type { PrismaClient } from "../db/generated/client";
import { nowMs } from "../clock";

export interface FailureLimit {
  /** Prefix of its keys in the table. */
  name: string;
  /** Failures (or attempts) allowed in one window; the next is refused until the window ends. */
  failures: number;
  windowSeconds: number;
}

/** One counter: a limit and the key (e.g. client_id and IP) it counts for. */
export type Counter = readonly [limit: FailureLimit, ...parts: string[]];

/** Rows whose window ended more than an hour ago are swept, by about one failure in SWEEP_ONE_IN. */
const SWEEP_ONE_IN = 64;
const SWEEP_AFTER_MS = 60 * 60 * 1000;

const limiters = new WeakMap<PrismaClient, Map<string, RateLimiterPrisma>>();

async function limiterOf(limit: FailureLimit): Promise<RateLimiterPrisma> {
  const db = await prisma();
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let limiter = byName.get(limit.name);
  if (!limiter) {
    limiter = new RateLimiterPrisma({
      storeClient: db,
      tableName: "rateLimit",
      keyPrefix: limit.name,
      // penalty() never refuses: whether a count refuses is decided here (secondsBlocked, countAttempt).
      points: limit.failures,
      duration: limit.windowSeconds,
      // Its own sweeper would keep a timer per database the process ever opened; countFailure sweeps.
      clearExpiredByTimeout: false,
    });
    byName.set(limit.name, limiter);
  }
  return limiter;
}

function keyOf(parts: readonly string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/** The row key rate-limiter-flexible stores a counter under (its keyPrefix, a colon, the key). */
function rowKeyOf([limit, ...parts]: Counter): string {
  return `${limit.name}:${keyOf(parts)}`;
}

/** A counter at or over its limit, as the blocked-counters query reads it. */
export interface BlockedRow extends Record<string, unknown> {
  key: string;
  points: number;
  expireMs: number | null;
}

/** The parameters of blockedCountersSql. */
export type BlockedCountersParam = "limitKeys" | "limitFailures" | "limitNow";

/**
 * SQL selecting, as BlockedRows, the counters among `limitKeys` (text[]) that are at or over their
 * limit (`limitFailures`, int[], in the same order) at `limitNow` (an ISO string); null arrays
 * select none. A statement that reads the counters with its own work holds it as a CTE `blocked`.
 */
export function blockedCountersSql(param: Param<BlockedCountersParam>): string {
  return `SELECT r.key, r.points, ${epochMs("r.expire")} AS "expireMs"
    FROM "RateLimit" r JOIN unnest(${param("limitKeys")}::text[], ${param("limitFailures")}::int[]) AS c(key, failures) ON r.key = c.key
   WHERE r.points >= c.failures AND (r.expire IS NULL OR r.expire > ${utcParam(param("limitNow"))})`;
}

/** The values of blockedCountersSql's parameters: `counters` read at `now`, or none. */
export function blockedCountersValues(counters: CounterKeys | undefined, now: number): Record<BlockedCountersParam, unknown> {
  return { limitKeys: counters?.keys ?? null, limitFailures: counters?.failures ?? null, limitNow: new Date(now).toISOString() };
}

const BLOCKED = defineStatement<BlockedCountersParam>((param) => blockedCountersSql(param));

/** A statement's output column: the rows of its CTE `blocked` (blockedCountersSql) as JSON. */
export const BLOCKED_ROWS_JSON = `(SELECT coalesce(json_agg(blocked), '[]'::json) FROM blocked)`;

/** Counters with their row keys and limits: the parameters of blockedCountersSql. */
export interface CounterKeys {
  counters: readonly Counter[];
  keys: string[];
  failures: number[];
}

export function counterKeys(counters: readonly Counter[]): CounterKeys {
  return { counters, keys: counters.map(rowKeyOf), failures: counters.map(([limit]) => limit.failures) };
}

/** Seconds until none of the counters read as blocked (exhausted) is any more; 0 when none is. */
export function secondsLeft({ counters, keys }: CounterKeys, blocked: readonly BlockedRow[], now: number): number {
  const waits = blocked.map((row) => {
    const counter = counters[keys.indexOf(row.key)];
    if (!counter) return 0;
    const msLeft = row.expireMs !== null ? row.expireMs - now : counter[0].windowSeconds * 1000;
    return Math.max(1, Math.ceil(msLeft / 1000));
  });
  return Math.max(0, ...waits);
}

/**
 * Seconds until none of the counters is exhausted any more; 0 when none is. It reads all its
 * counters in one query, the same rows rate-limiter-flexible's get() would read one by one.
 */
export async function secondsBlocked(counters: CounterKeys): Promise<number> {
  const now = nowMs();
  // Plain SQL, not the ORM: one query for all the counters, on a path every attempt takes.
  const rows = await (await db()).query<BlockedRow>(BLOCKED.text, BLOCKED.values(blockedCountersValues(counters, now)));
  return secondsLeft(counters, rows, now);
}

/** Counts one failure on every counter, atomically. */
export async function countFailure(counters: readonly Counter[]): Promise<void> {
  await Promise.all(counters.map(async ([limit, ...parts]) => (await limiterOf(limit)).penalty(keyOf(parts), 1)));
  if (randomInt(SWEEP_ONE_IN) === 0) {
    await (await prisma()).rateLimit.deleteMany({ where: { expire: { lt: new Date(nowMs() - SWEEP_AFTER_MS) } } });
  }
}

/**
 * Counts an attempt that is limited whether or not it succeeds (a new login), atomically; the
 * seconds to wait when it is one too many, else 0.
 */
export async function countAttempt(counter: Counter): Promise<number> {
  const [limit, ...parts] = counter;
  const state = await (await limiterOf(limit)).penalty(keyOf(parts), 1);
  return state.consumedPoints > limit.failures ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
}

/** A point taken on each of a set of counters, in the windows it was taken in: what a refund gives back. */
export interface TakenPoints {
  keys: string[];
  /** The end of each counter's window (epoch ms) when the point was taken; a refund after it is void. */
  windowEnds: number[];
}

/** What taking a point found: the seconds to wait (0 when no counter passed its limit) and the points taken. */
export interface PointTaken {
  wait: number;
  taken: TakenPoints;
}

/**
 * One point on every counter in one statement, before the guarded work: each row is incremented
 * (or starts a new window) under its row lock and its new count comes back, so of any number of
 * concurrent callers exactly as many as the limit allows see a count within it. The caller gives
 * the points back (refundPoints) for work that turns out not to count: a refused attempt, a
 * success. The rows are rate-limiter-flexible's, so a counter reads the same through either.
 */
export async function takePoint(counters: readonly Counter[]): Promise<PointTaken> {
  const now = nowMs();
  const keys = counters.map(rowKeyOf);
  const rows = await (await db()).query<{ key: string; points: number; expireMs: number | null }>(TAKE_POINT_SQL, [
    keys,
    counters.map(([limit]) => limit.windowSeconds),
    new Date(now).toISOString(),
  ]);
  const windowEnds = keys.map((key) => rows.find((row) => row.key === key)?.expireMs ?? now);
  const blocked = rows.filter((row) => row.points > (counters[keys.indexOf(row.key)]?.[0].failures ?? Infinity));
  const wait = Math.max(0, ...blocked.map((row) => Math.max(1, Math.ceil(((row.expireMs ?? now) - now) / 1000))));
  if (randomInt(SWEEP_ONE_IN) === 0) await sweepEndedWindows();
  return { wait, taken: { keys, windowEnds } };
}

const NOW = utcParam("$3");
const TAKE_POINT_SQL = `INSERT INTO "RateLimit" AS r (key, points, expire)
  SELECT c.key, 1, ${NOW} + make_interval(secs => c.seconds) FROM unnest($1::text[], $2::int[]) AS c(key, seconds)
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire IS NOT NULL AND r.expire <= ${NOW} THEN 1 ELSE r.points + 1 END,
    expire = CASE WHEN r.expire IS NOT NULL AND r.expire <= ${NOW} THEN EXCLUDED.expire ELSE r.expire END
  RETURNING r.key, r.points, ${epochMs("r.expire")} AS "expireMs"`;

/** Gives back points takePoint took, on the counters whose window is still the one it was taken in. */
export async function refundPoints({ keys, windowEnds }: TakenPoints): Promise<void> {
  await (await db()).query(
    `UPDATE "RateLimit" AS r SET points = r.points - 1 FROM unnest($1::text[], $2::float8[]) AS t(key, expire_ms)
      WHERE r.key = t.key AND r.points > 0 AND ${epochMs("r.expire")} = t.expire_ms`,
    [keys, windowEnds],
  );
}

async function sweepEndedWindows(): Promise<void> {
  await (await prisma()).rateLimit.deleteMany({ where: { expire: { lt: new Date(nowMs() - SWEEP_AFTER_MS) } } });
}

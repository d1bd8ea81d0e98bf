/**
 * Counters in fixed windows (failures, or new logins), kept in the database (the `RateLimit` table through
 * rate-limiter-flexible's Prisma store) so that every instance sees the same counts.
 *
 * A limit is checked with a read before the guarded work (`secondsBlocked`) and counted only when
 * that work fails (`countFailure`): a successful request writes nothing. The count is one
 * `INSERT … ON CONFLICT DO UPDATE SET points = points + 1`, so concurrent failures all count.
 * Keys are hashed: what they are made of (client_ids, emails) may be long or personal.
 */
import { createHash, randomInt } from "node:crypto";
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { db, prisma } from "../db/client";
import { epochMs, utcParam } from "../db/sql";
import type { PrismaClient } from "../db/generated/client";

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

const BLOCKED_SQL = `SELECT key, points, ${epochMs("expire")} AS "expireMs"
  FROM "RateLimit" WHERE key = ANY($1::text[]) AND (expire IS NULL OR expire > ${utcParam("$2")})`;

/**
 * Seconds until none of the counters is exhausted any more; 0 when none is. Every
 * client-authenticating request asks this, so it reads all its counters in one query, the same
 * rows rate-limiter-flexible's get() would read one by one.
 */
export async function secondsBlocked(counters: readonly Counter[]): Promise<number> {
  const now = Date.now();
  const keys = counters.map(rowKeyOf);
  // Plain SQL, not the ORM: this read precedes every token and PAR request.
  const rows = await (await db()).query<{ key: string; points: number; expireMs: number | null }>(BLOCKED_SQL, [keys, new Date(now).toISOString()]);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const waits = counters.map((counter, i) => {
    const row = byKey.get(keys[i]!);
    if (!row || row.points < counter[0].failures) return 0;
    const msLeft = row.expireMs !== null ? row.expireMs - now : counter[0].windowSeconds * 1000;
    return Math.max(1, Math.ceil(msLeft / 1000));
  });
  return Math.max(0, ...waits);
}

/** Counts one failure on every counter, atomically. */
export async function countFailure(counters: readonly Counter[]): Promise<void> {
  await Promise.all(counters.map(async ([limit, ...parts]) => (await limiterOf(limit)).penalty(keyOf(parts), 1)));
  if (randomInt(SWEEP_ONE_IN) === 0) {
    await (await prisma()).rateLimit.deleteMany({ where: { expire: { lt: new Date(Date.now() - SWEEP_AFTER_MS) } } });
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

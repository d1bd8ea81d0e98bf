/**
 * Counts a login that ended in the tenant's daily aggregate (LoginDailyStat). It listens to the
 * ended-login notice (lib/login/login-ended.ts): a login adds 1 to its (application, UTC day,
 * eID, outcome, error code) key and to the bucket of its duration in this process's buffer. The
 * buffer goes to the database every second (and when the page reads, and at shutdown), summed to
 * each tenant's rows (login-stat-store.ts), so a login writes no row for the analytics and
 * concurrent logins never queue on one aggregate row. A process that dies loses at most its last
 * second of counts: the aggregate is a picture, not a ledger.
 *
 * A batch the database does not take is tried again with the next flushes, apart from the newer
 * counts so that it never holds them back, and dropped after MAX_ATTEMPTS with one log line:
 * a passing failure (a pool timeout under load, a failover) is over within seconds, while a batch
 * refused for what it holds would be refused forever and grow the buffer.
 */
import { logger } from "../log";
import type { EndedLogin } from "../login/login-state";
import { processSingleton } from "../process/state";
import { BUCKET_COUNT, bucketIndex } from "./duration-buckets";
import { addLoginCounts, type ApplicationCounts } from "./login-stat-store";
import { utcDay } from "./utc-day";
import { now } from "../clock";

const FLUSH_INTERVAL_MS = 1000;
/** Tries of one batch, the first included. */
const MAX_ATTEMPTS = 3;

interface FailedBatch {
  counts: ApplicationCounts[];
  attempts: number;
}

/** Shared by the custom server's and the Next bundle's copy of lib/ (lib/process/state.ts). */
const pending = processSingleton("analytics.login-outcomes", () => new Map<string, ApplicationCounts>());
const retrying = processSingleton("analytics.login-retries", () => new Map<"batches", FailedBatch[]>());
const flushing = processSingleton("analytics.login-flush", () => new Map<"flush", Promise<void>>());
const timers = processSingleton("analytics.login-timer", () => new Map<"timer", NodeJS.Timeout>());

/** Adds an ended login to this process's buffer (no I/O). */
export function recordLoginOutcome(login: EndedLogin): void {
  const endedAt = login.endedAt ?? now();
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

async function writeBatch(batch: FailedBatch): Promise<void> {
  try {
    await addLoginCounts(batch.counts);
  } catch (error) {
    batch.attempts += 1;
    if (batch.attempts < MAX_ATTEMPTS) {
      retrying().set("batches", [...(retrying().get("batches") ?? []), batch]);
      return;
    }
    const logins = batch.counts.reduce((sum, c) => sum + c.count, 0);
    logger.error({ err: error, logins, attempts: batch.attempts }, "could not write the login analytics: these counts are dropped");
  }
}

async function writeBuffered(): Promise<void> {
  const buffer = pending();
  const fresh = [...buffer.values()];
  buffer.clear();
  const failed = retrying().get("batches") ?? [];
  retrying().delete("batches");
  if (fresh.length > 0) await writeBatch({ counts: fresh, attempts: 0 });
  for (const batch of failed) await writeBatch(batch);
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

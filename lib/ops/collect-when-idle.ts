/**
 * Gives the memory of a burst of load back once the server is idle.
 *
 * Under load V8 grows its young generation to its maximum (64 MB with `npm start`'s
 * `--max-semi-space-size=32`) and its old generation with it. It shrinks them by itself only when
 * its memory reducer runs, which it starts after some collections and not others, so a server can
 * hold a burst's memory long after the burst, far more than a collection would leave. So the server
 * collects once itself when no request has arrived for a whole check interval after some did, and
 * again a check later while the heap stays large (see IDLE_COLLECTIONS_MAX). Each is one full
 * collection (milliseconds), only when idle.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { logger } from "../log";

/**
 * How often the server looks whether it is idle: a little over the 5 s over which V8 reckons its
 * allocation rate, so that a collection one check after another sees only the idle time.
 */
export const IDLE_CHECK_MS = 6_000;
/** V8's heap beyond what was live after the last collection, below which collecting is not worth it. */
export const IDLE_COLLECT_GROWTH_BYTES = 16 * 1024 * 1024;
/**
 * Collections per idle spell at most. The first, 6-12 s after the last request, may find V8 still
 * counting the burst's allocations into its rate (it samples the rate at collections only) and keep
 * the young generation; the next, a check later, sees an idle rate and shrinks it. One more in
 * case a background task allocated meanwhile; then the server leaves the heap to V8.
 */
export const IDLE_COLLECTIONS_MAX = 3;

export interface IdleState {
  /** The count of requests at the previous check. */
  requests: number;
  /** Collections since a request last arrived. */
  idleCollections: number;
  /** V8's heap in use (bytes) just after the last collection: what was live then. */
  liveAfterCollect: number;
}

/**
 * One check, pure so that the rule is tested without timers: collect when no request arrived
 * since the previous check, V8 holds at least IDLE_COLLECT_GROWTH_BYTES more than was live after
 * the last collection, and this idle spell has had fewer than IDLE_COLLECTIONS_MAX collections.
 */
export function shouldCollect(state: IdleState, requestsNow: number, heapNow: number): boolean {
  if (requestsNow !== state.requests) return false;
  return state.idleCollections < IDLE_COLLECTIONS_MAX && heapNow - state.liveAfterCollect >= IDLE_COLLECT_GROWTH_BYTES;
}

let collect: (() => void) | undefined;
/** V8's full collection, exposed to this module only (not as a global). */
function fullCollection(): () => void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  return collect;
}

export interface IdleCollector {
  /** How many idle collections it has made. */
  readonly collections: number;
  stop(): void;
}

/**
 * Collects once now, to learn what is live after starting up, then starts the checks;
 * `requestCount` is how many requests the server has received so far.
 */
export function collectWhenIdle(requestCount: () => number, checkMs = IDLE_CHECK_MS): IdleCollector {
  const gc = fullCollection();
  gc();
  const state: IdleState = { requests: requestCount(), idleCollections: 0, liveAfterCollect: getHeapStatistics().used_heap_size };
  let collections = 0;
  const timer = setInterval(() => {
    const requestsNow = requestCount();
    const before = getHeapStatistics().total_heap_size;
    if (shouldCollect(state, requestsNow, before)) {
      gc();
      collections++;
      state.idleCollections++;
      const after = getHeapStatistics();
      state.liveAfterCollect = after.used_heap_size;
      logger.debug({ heapBeforeMb: Math.round(before / 2 ** 20), heapAfterMb: Math.round(after.total_heap_size / 2 ** 20) }, "idle: collected");
    } else if (requestsNow !== state.requests) state.idleCollections = 0;
    state.requests = requestsNow;
  }, checkMs);
  timer.unref();
  return {
    get collections() {
      return collections;
    },
    stop: () => clearInterval(timer),
  };
}

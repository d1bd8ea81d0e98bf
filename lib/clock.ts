/**
 * What time it is, for every decision Porta makes by time: expiry of logins, codes, tokens and
 * sessions, the time claims of the JWTs it signs and checks, poll intervals, cache lifetimes, and
 * the instants it stores and compares in SQL (passed as parameters, never the database's now()).
 * Nothing else in lib/ or server/ reads the system clock for this (ESLint).
 *
 * Tests move this clock instead of sleeping through an interval the code defines (a CIBA poll
 * interval, an expiry): `advanceClock` and `resetClock`, used through tests/support/clock.ts and
 * refused by ESLint anywhere in the application's own code. The offset is process state
 * (lib/process/state.ts), so both module graphs of lib/ read the same moved time; in a production
 * process it is never set and the clock is the system's.
 *
 * Timers (setTimeout, setInterval) stay on real time, and so do durations measured for logs and
 * metrics (performance.now()).
 */
import { processSingleton } from "./process/state";

const offset = processSingleton("clock", () => ({ ms: 0 }));

/** Milliseconds since the epoch, by Porta's clock. */
export function nowMs(): number {
  return Date.now() + offset().ms;
}

/** The current instant, by Porta's clock. */
export function now(): Date {
  return new Date(nowMs());
}

/** Whole seconds since the epoch (JWT NumericDate, RFC 7519 §2), by Porta's clock. */
export function nowSeconds(): number {
  return Math.floor(nowMs() / 1000);
}

/** Moves this process's clock forward by `ms` (tests only). */
export function advanceClock(ms: number): void {
  if (!(ms >= 0)) throw new RangeError("the clock only moves forward");
  offset().ms += ms;
}

/** Puts this process's clock back on real time (tests only). */
export function resetClock(): void {
  offset().ms = 0;
}

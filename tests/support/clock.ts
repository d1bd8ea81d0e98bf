/**
 * Moving Porta's clock (lib/clock.ts) from a test: the server under test runs in the test's
 * process, so a test moves the very clock the server reads, instead of sleeping through an
 * interval the code defines (a poll interval, an expiry). Timers stay on real time: only what the
 * code decides by "what time is it" moves. Put the clock back after each test that moved it
 * (`afterEach(resetClock)`), or with everything else by resetProcessState.
 */
export { advanceClock, resetClock } from "../../lib/clock";
export { resetProcessState } from "../../lib/process/state";

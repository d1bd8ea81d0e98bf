/**
 * "A login ended": the one notice a login's final move (completed or failed) sends, once, after
 * the move is written. Whoever counts logins listens (the analytics' daily counts, the metrics;
 * lib/setup/listen-to-ended-logins.ts registers them at start), so the state machine knows none
 * of them. Listeners run on the login's path: they only buffer or count in memory, and one that
 * throws is logged without failing the login.
 *
 * The listeners are process state (lib/process/state.ts): the custom server and the Next.js
 * bundle load lib/ as two module graphs, and a login that ends in either must reach them. They
 * are wiring, not something learnt, so a reset of the process state keeps them.
 */
import { logger } from "../log";
import { processSingleton } from "../process/state";
import type { EndedLogin } from "./login-state";

export type EndedLoginListener = (ended: EndedLogin) => void;

const listeners = processSingleton("login-ended-listeners", () => new Map<string, EndedLoginListener>(), { keepOnReset: true });

/**
 * Registers `listener` under `name` (registering a name again replaces its listener: each copy of
 * lib/ may register its own). Returns what removes it.
 */
export function onLoginEnded(name: string, listener: EndedLoginListener): () => void {
  listeners().set(name, listener);
  return () => {
    if (listeners().get(name) === listener) listeners().delete(name);
  };
}

/** Tells every listener that `ended` ended. */
export function announceLoginEnded(ended: EndedLogin): void {
  for (const [name, listener] of listeners()) {
    try {
      listener(ended);
    } catch (error) {
      logger.error({ err: error, listener: name, loginId: ended.loginId }, "a listener of ended logins failed");
    }
  }
}

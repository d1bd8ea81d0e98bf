/**
 * Whether this process is draining (graceful shutdown): set once by the first SIGTERM/SIGINT,
 * read by /readyz (503 from then on, so the load balancer stops sending) and by the server (no
 * more keep-alive). Process state (lib/process/state.ts), as both module graphs of lib/ must see
 * the same answer.
 */
import { processSingleton } from "../process/state";

const drain = processSingleton("draining", () => ({ started: false }));

export function isDraining(): boolean {
  return drain().started;
}

/** Starts the drain; false when it had already started (repeated signals change nothing). */
export function startDraining(): boolean {
  const state = drain();
  if (state.started) return false;
  state.started = true;
  return true;
}

/**
 * Whether this process is draining (design.md §14, graceful shutdown): set once by the first
 * SIGTERM/SIGINT, read by /readyz (503 from then on) and by the server (no more keep-alive). On
 * globalThis, as both module graphs of lib/ must see the same answer (lib/process-cache.ts).
 */
const KEY = Symbol.for("porta.draining");

type GlobalWithDrain = typeof globalThis & { [KEY]?: boolean };

export function isDraining(): boolean {
  return (globalThis as GlobalWithDrain)[KEY] === true;
}

/** Starts the drain; false when it had already started (repeated signals change nothing). */
export function startDraining(): boolean {
  const g = globalThis as GlobalWithDrain;
  if (g[KEY]) return false;
  g[KEY] = true;
  return true;
}

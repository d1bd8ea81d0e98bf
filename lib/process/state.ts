/**
 * What a Porta process keeps in memory: its singletons (the database, the metrics registry, the
 * drain flag, the clock) and its caches (ttl-cache.ts: signing keys, JWKS, applications, tenant
 * domains, eID connections, …).
 *
 * Why not module variables: `npm start` runs Porta's own server (dist/porta.mjs, compiled from
 * server/ and the lib/ it imports) and Next.js's server in one process, and the Next.js bundle
 * carries its own copy of lib/. The process loads lib/ twice, as two module graphs, so a module
 * variable would exist twice: a key rotated through the dashboard (Next's copy) would stay cached
 * in the copy that signs tokens, two metrics registries would each count half, and the embedded
 * database would be opened twice. Everything here is kept on globalThis under
 * `Symbol.for("porta.<name>")`, which both copies see as one. This is the only module that
 * touches globalThis.
 *
 * A memo of immutable input kept in its own module (a WeakMap of served documents by the body they
 * were made from) needs none of this: its two copies can only agree.
 */

/** Marks the values this module keeps on globalThis (the same symbol in both module graphs). */
const CELL = Symbol.for("porta.process-state.cell");
const PREFIX = "porta.";

interface SlotCell {
  readonly [CELL]: true;
  value: unknown;
  readonly keepOnReset: boolean;
}

type WithCells = typeof globalThis & Record<symbol, SlotCell | undefined>;

export interface SlotOptions {
  /**
   * Kept by resetProcessState: for what the process holds open rather than what it has learnt
   * (the database connection, the fact that Porta's server runs in this process).
   */
  keepOnReset?: boolean;
}

/** A process-wide place for one value (undefined: empty). */
export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T): void;
  delete(): void;
}

/** The slot `name`, for a value put in from outside (the database that start-up or a test installs). */
export function processSlot<T>(name: string, options: SlotOptions = {}): ProcessSlot<T> {
  const key = Symbol.for(PREFIX + name);
  const g = globalThis as WithCells;
  // The cell, once found or made, stays on globalThis for the life of the process (a reset empties
  // it, never replaces it): each module graph keeps a reference instead of looking it up on every
  // read, which the request path does several times per request.
  let cell: SlotCell | undefined;
  const slot = (): SlotCell => {
    if (cell) return cell;
    let found = g[key];
    if (!found) {
      found = { [CELL]: true, value: undefined, keepOnReset: options.keepOnReset === true };
      g[key] = found;
    }
    cell = found;
    return found;
  };
  return {
    get: () => slot().value as T | undefined,
    set: (value) => {
      slot().value = value;
    },
    delete: () => {
      slot().value = undefined;
    },
  };
}

/**
 * The process's one value under `name`, made by `create` on first use. Returns its accessor: call
 * it where the value is used (one lookup), as resetProcessState forgets the value and the next
 * call makes a new one. The value must not be undefined.
 */
export function processSingleton<T>(name: string, create: () => T, options: SlotOptions = {}): () => T {
  const slot = processSlot<T>(name, options);
  return () => {
    let value = slot.get();
    if (value === undefined) {
      value = create();
      slot.set(value);
    }
    return value;
  };
}

/**
 * For tests only (ESLint keeps it out of the application's code): forgets the process's state at
 * once, as a restart would. Every cache is empty and every singleton is made anew on next use: the
 * clock back on real time, a fresh metrics registry, not draining. Kept (`keepOnReset`) is what
 * the process holds open: the database connection and the flag of Porta's server.
 */
export function resetProcessState(): void {
  const g = globalThis as WithCells;
  for (const key of Object.getOwnPropertySymbols(g)) {
    const found = g[key];
    if (found?.[CELL] === true && key.description?.startsWith(PREFIX) && !found.keepOnReset) found.value = undefined;
  }
}

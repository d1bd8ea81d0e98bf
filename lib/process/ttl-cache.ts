/**
 * A per-process cache of values loaded on demand and served while fresh, shared by both module
 * graphs of lib/ (state.ts says why). Every cache in Porta's processes is one of these, so each
 * has the same rules:
 *
 * - A value is served for `ttlMs` from the moment it arrived, by the clock (lib/clock.ts).
 * - Concurrent callers of `load` share one load per key; a failed load is not kept, so the next
 *   caller loads again.
 * - `delete` and `clear` (a write in this process) take effect at once: a load that began before
 *   them still answers its callers but does not fill the cache with what may be the old value.
 */
import { nowMs } from "../clock";
import { processSingleton } from "./state";

export interface TtlCacheOptions<V> {
  /** Names the cache in the process (`porta.cache.<name>`): the same name is the same cache. */
  name: string;
  /** How long a loaded value is served; Infinity: until deleted. */
  ttlMs: number;
  /** At most this many entries: the oldest is dropped beyond it. */
  maxEntries?: number;
  /** Whether a loaded value is kept (a miss may be asked for again at once); by default every one. */
  keep?: (value: V) => boolean;
}

/** A process-wide cache; a value must not be undefined (that is a miss). */
export interface TtlCache<K, V> {
  /** The value while it is fresh, without waiting; undefined when absent or expired. */
  get(key: K): V | undefined;
  /** The fresh value, or the one `loader` gives: concurrent callers share one load. */
  load(key: K, loader: () => Promise<V>): Promise<V>;
  /** Loads again even while the value is fresh; joins a load already under way. */
  reload(key: K, loader: () => Promise<V>): Promise<V>;
  /** Whether a load of `key` is under way. */
  isLoading(key: K): boolean;
  set(key: K, value: V): void;
  /** Forgets the value (and lets a load under way answer without filling the cache). */
  delete(key: K): void;
  /** Forgets every value, as delete does. */
  clear(): void;
}

interface Store<K, V> {
  entries: Map<K, { value: V; expiresAt: number }>;
  loading: Map<K, Promise<V>>;
}

/** The process's cache `options.name`; both module graphs read and write the same entries. */
export function ttlCache<K, V>({ name, ttlMs, maxEntries = Infinity, keep }: TtlCacheOptions<V>): TtlCache<K, V> {
  const store = processSingleton<Store<K, V>>(`cache.${name}`, () => ({ entries: new Map(), loading: new Map() }));

  const fill = (key: K, value: V): void => {
    const { entries } = store();
    entries.delete(key); // a refilled key counts as the newest
    entries.set(key, { value, expiresAt: nowMs() + ttlMs });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
  };

  const start = (key: K, loader: () => Promise<V>): Promise<V> => {
    const { loading } = store();
    let loaded: Promise<V>;
    try {
      loaded = loader();
    } catch (error) {
      loaded = Promise.reject(error as Error);
    }
    const pending: Promise<V> = loaded.then(
      (value) => {
        // Only the load still registered fills the cache: after a delete, a clear or a reset its
        // value may be older than what the cache must serve.
        if (loading.get(key) === pending && store().loading === loading) {
          loading.delete(key);
          if (!keep || keep(value)) fill(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === pending) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
    return pending;
  };

  const cache: TtlCache<K, V> = {
    get(key) {
      const { entries } = store();
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt > nowMs()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    load(key, loader) {
      const hit = cache.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      return store().loading.get(key) ?? start(key, loader);
    },
    reload(key, loader) {
      return store().loading.get(key) ?? start(key, loader);
    },
    isLoading: (key) => store().loading.has(key),
    set: fill,
    delete(key) {
      const { entries, loading } = store();
      entries.delete(key);
      loading.delete(key);
    },
    clear() {
      const { entries, loading } = store();
      entries.clear();
      loading.clear();
    },
  };
  return cache;
}

/**
 * A short-lived per-process cache of application records (with tenant and webhook), so the
 * protocol endpoints do not read the client configuration on every request.
 *
 * - Every write to an application (create, replace, delete, rotate secret) clears its entries at
 *   once in this process through find-application.ts (both module graphs share the cache, see
 *   process-cache.ts).
 * - Other instances see a change within CLIENT_CACHE_TTL_MS (docs/scaling.md): the entry is
 *   simply reloaded after that time, no cross-instance message is needed.
 * - Unknown client ids are not cached (a new registration is usable at once everywhere), and the
 *   cache holds at most CLIENT_CACHE_MAX_ENTRIES applications.
 */
import { processCache } from "../process-cache";

export const CLIENT_CACHE_TTL_MS = 5_000;
export const CLIENT_CACHE_MAX_ENTRIES = 1_000;

interface Entry<V> {
  value: Promise<V | null>;
  expiresAt: number;
}

export interface ApplicationCache<V> {
  get(key: string, load: () => Promise<V | null>): Promise<V | null>;
  delete(key: string): void;
  clear(): void;
}

export function applicationCache<V>(name: string): ApplicationCache<V> {
  const entries = processCache<string, Entry<V>>(`applications.${name}`);
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      const entry = { value, expiresAt: now + CLIENT_CACHE_TTL_MS };
      entries.set(key, entry);
      if (entries.size > CLIENT_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      // Misses and failures are not kept: the next request asks the database again.
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((found) => (found ? undefined : forget()), forget);
      return value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

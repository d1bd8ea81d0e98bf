/**
 * A short-lived per-process cache of application records (with tenant and webhook), so the
 * protocol endpoints do not read the client configuration on every request.
 *
 * - Every write to an application (create, replace, delete, rotate secret) clears its entries at
 *   once in this process through find-application.ts (both module graphs share the cache:
 *   lib/process/state.ts).
 * - Other instances see a change within CLIENT_CACHE_TTL_MS (docs/scaling.md): the entry is
 *   simply reloaded after that time, no cross-instance message is needed.
 * - Unknown client ids are not cached (a new registration is usable at once everywhere), and the
 *   cache holds at most CLIENT_CACHE_MAX_ENTRIES applications.
 */
import { ttlCache, type TtlCache } from "../process/ttl-cache";

export const CLIENT_CACHE_TTL_MS = 5_000;
export const CLIENT_CACHE_MAX_ENTRIES = 1_000;

/** The application cache `name`; `load` answers null for an unknown application, which is not kept. */
export function applicationCache<V>(name: string): TtlCache<string, V | null> {
  return ttlCache<string, V | null>({ name: `applications.${name}`, ttlMs: CLIENT_CACHE_TTL_MS, maxEntries: CLIENT_CACHE_MAX_ENTRIES, keep: (found) => found !== null });
}

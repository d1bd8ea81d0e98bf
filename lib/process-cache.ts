/**
 * Per-process caches shared by every copy of lib/ in the process: the custom server and the
 * Next.js bundle load lib/ as separate module graphs, and a cache cleared in one (after a key
 * rotation, say) must be cleared for the other too.
 */
export function processCache<K, V>(name: string): Map<K, V> {
  const key = Symbol.for(`porta.cache.${name}`);
  const g = globalThis as typeof globalThis & Record<symbol, Map<K, V> | undefined>;
  let cache = g[key];
  if (!cache) {
    cache = new Map<K, V>();
    g[key] = cache;
  }
  return cache;
}

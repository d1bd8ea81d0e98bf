/**
 * The tenant domains (design.md §13) as an in-memory map host → tenant, per process, so resolving
 * a request's issuer costs no database query.
 *
 * - The map lives as long as an application cache entry (CLIENT_CACHE_TTL_MS): a domain added or
 *   removed through another instance is served here within that time (docs/scaling.md), with no
 *   cross-instance message.
 * - After expiry one query reloads it; concurrent requests share that query.
 * - A domain change made in this process calls forgetHostMap(): the next request reloads at once,
 *   and a load begun before the change does not refill the cache after it.
 * - A failed load is not kept: the next request asks the database again.
 */
import { CLIENT_CACHE_TTL_MS } from "../clients/application-cache";
import { processCache } from "../process-cache";
import { prisma } from "../db/client";

export interface TenantHost {
  host: string;
  tenantId: string;
}

export interface HostMap {
  /** The tenant served on a host: the Host header lower-cased, with its port for *.localhost names. */
  tenantOf(host: string): string | undefined;
  /** Whether a tenant has a domain (then its clients, keys and sessions are not PUBLIC_URL's). */
  hasDomains(tenantId: string): boolean;
  /** Names the set of tenants with a domain (changes when that set does), for cache keys. */
  domainTenantsKey: string;
}

export function buildHostMap(pairs: readonly TenantHost[]): HostMap {
  const tenants = new Map<string, string>();
  for (const { host, tenantId } of pairs) tenants.set(host.toLowerCase(), tenantId);
  const withDomains = new Set(tenants.values());
  return {
    tenantOf: (host) => tenants.get(host),
    hasDomains: (tenantId) => withDomains.has(tenantId),
    domainTenantsKey: [...withDomains].sort().join(","),
  };
}

export interface HostMapCache {
  get(): Promise<HostMap>;
  /** The cached map while it is fresh, without waiting (undefined: call get()). */
  peek(): HostMap | undefined;
  forget(): void;
}

interface Loaded {
  map: HostMap;
  expiresAt: number;
}

/** A host map cache under `name` (shared by both module graphs of the process, see process-cache.ts). */
export function hostMapCache(name: string, load: () => Promise<readonly TenantHost[]>): HostMapCache {
  const loaded = processCache<"map", Loaded>(`host-map.${name}`);
  const inflight = processCache<"map", Promise<HostMap>>(`host-map-inflight.${name}`);
  // Bumped by every forget: a load that began before a domain change does not refill the cache.
  const generation = processCache<"n", number>(`host-map-generation.${name}`);

  const reload = async (): Promise<HostMap> => {
    const started = generation.get("n") ?? 0;
    const map = buildHostMap(await load());
    if ((generation.get("n") ?? 0) === started) loaded.set("map", { map, expiresAt: Date.now() + CLIENT_CACHE_TTL_MS });
    return map;
  };

  return {
    peek() {
      const hit = loaded.get("map");
      return hit && hit.expiresAt > Date.now() ? hit.map : undefined;
    },
    get() {
      const hit = loaded.get("map");
      if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.map);
      let pending = inflight.get("map");
      if (!pending) {
        const started = reload().finally(() => {
          if (inflight.get("map") === started) inflight.delete("map");
        });
        pending = started;
        inflight.set("map", pending);
      }
      return pending;
    },
    forget() {
      generation.set("n", (generation.get("n") ?? 0) + 1);
      loaded.delete("map");
      inflight.delete("map");
    },
  };
}

// Queried here rather than through tenant-domains.ts, which calls forgetHostMap (no import cycle).
const tenantHosts = hostMapCache("tenants", async () => (await prisma()).tenantDomain.findMany({ select: { host: true, tenantId: true } }));

/** The tenant domains of the database, from this process's cache. */
export function hostMap(): Promise<HostMap> {
  return tenantHosts.get();
}

/** The tenant domains from this process's cache while it is fresh, without waiting. */
export function peekHostMap(): HostMap | undefined {
  return tenantHosts.peek();
}

/** Call after any change to tenant domains (or a tenant's deletion) made in this process. */
export function forgetHostMap(): void {
  tenantHosts.forget();
}

/**
 * The tenant domains (a tenant served on its own domain is an issuer of its own) as an in-memory
 * map host → tenant, per process, so resolving a request's issuer costs no database query.
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
import { ttlCache } from "../process/ttl-cache";
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

/** A host map cache under `name` (shared by both module graphs of the process: lib/process/state.ts). */
export function hostMapCache(name: string, load: () => Promise<readonly TenantHost[]>): HostMapCache {
  const cache = ttlCache<"map", HostMap>({ name: `host-map.${name}`, ttlMs: CLIENT_CACHE_TTL_MS });
  return {
    peek: () => cache.get("map"),
    get: () => cache.load("map", async () => buildHostMap(await load())),
    forget: () => cache.delete("map"),
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

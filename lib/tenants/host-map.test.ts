import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_CACHE_TTL_MS } from "../clients/application-cache";
import { buildHostMap, hostMapCache, type TenantHost } from "./host-map";
import { issuerContextOf, misdirectedResponse, servesTenant } from "./issuer-context";

const ACME = "00000000-0000-4000-8000-00000000000a";
const BETA = "00000000-0000-4000-8000-00000000000b";
const PLAIN = "00000000-0000-4000-8000-00000000000c";

let name = 0;
/** A fresh cache per test (the store is process state under its name). */
function freshCache(rows: () => TenantHost[]) {
  const load = vi.fn(async () => rows());
  return { cache: hostMapCache(`test-${++name}`, load), load };
}

describe("host map cache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers from memory within the application cache TTL and reloads after it", async () => {
    let rows: TenantHost[] = [{ host: "acme.localhost:3000", tenantId: ACME }];
    const { cache, load } = freshCache(() => rows);
    expect((await cache.get()).tenantOf("acme.localhost:3000")).toBe(ACME);
    // Another instance adds a domain: this one serves it once its copy expires, not before.
    rows = [...rows, { host: "login.beta.example", tenantId: BETA }];
    vi.advanceTimersByTime(CLIENT_CACHE_TTL_MS - 1);
    expect((await cache.get()).tenantOf("login.beta.example")).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect((await cache.get()).tenantOf("login.beta.example")).toBe(BETA);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("concurrent requests after expiry share one query", async () => {
    const { cache, load } = freshCache(() => []);
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forget reloads at once, and a load begun before it does not refill the cache", async () => {
    let rows: TenantHost[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const load = vi.fn(async () => {
      const snapshot = rows;
      if (first) {
        first = false;
        await gate;
      }
      return snapshot;
    });
    const cache = hostMapCache(`test-${++name}`, load);
    const stale = cache.get();
    rows = [{ host: "acme.localhost:3000", tenantId: ACME }];
    cache.forget();
    expect((await cache.get()).tenantOf("acme.localhost:3000")).toBe(ACME);
    release();
    expect((await stale).tenantOf("acme.localhost:3000")).toBeUndefined();
    // The cache holds the fresh map, not the stale one that finished last.
    expect((await cache.get()).tenantOf("acme.localhost:3000")).toBe(ACME);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failed load is not kept: the next request asks again", async () => {
    let fail = true;
    const load = vi.fn(async (): Promise<TenantHost[]> => {
      if (fail) throw new Error("database down");
      return [{ host: "acme.localhost:3000", tenantId: ACME }];
    });
    const cache = hostMapCache(`test-${++name}`, load);
    await expect(cache.get()).rejects.toThrow("database down");
    fail = false;
    expect((await cache.get()).tenantOf("acme.localhost:3000")).toBe(ACME);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("issuer context of a Host", () => {
  const map = buildHostMap([
    { host: "acme.localhost:3000", tenantId: ACME },
    { host: "login.beta.example", tenantId: BETA },
  ]);
  const issuer = "https://porta.example";

  it("PUBLIC_URL's host is the default issuer, unchanged", () => {
    expect(issuerContextOf("porta.example", map, issuer)).toEqual({ kind: "default", issuer });
    expect(issuerContextOf("PORTA.Example", map, issuer)).toEqual({ kind: "default", issuer });
    expect(issuerContextOf("127.0.0.1:4000", buildHostMap([]), "http://127.0.0.1:4000")).toEqual({ kind: "default", issuer: "http://127.0.0.1:4000" });
  });

  it("a tenant domain is that tenant's issuer: https, http only for *.localhost with its port", () => {
    expect(issuerContextOf("Login.Beta.Example", map, issuer)).toEqual({ kind: "tenant", issuer: "https://login.beta.example", tenantId: BETA });
    expect(issuerContextOf("acme.localhost:3000", map, issuer)).toEqual({ kind: "tenant", issuer: "http://acme.localhost:3000", tenantId: ACME });
  });

  it("any other host, a domain on another port, or no Host serves no issuer", () => {
    expect(issuerContextOf("evil.example", map, issuer)).toBeUndefined();
    expect(issuerContextOf("acme.localhost:3001", map, issuer)).toBeUndefined();
    expect(issuerContextOf("porta.example:8443", map, issuer)).toBeUndefined();
    expect(issuerContextOf("", map, issuer)).toBeUndefined();
    expect(issuerContextOf(null, map, issuer)).toBeUndefined();
  });

  it("a domain serves only its tenant; PUBLIC_URL only test tenants without a domain", () => {
    const acme = issuerContextOf("acme.localhost:3000", map, issuer)!;
    const fallback = issuerContextOf("porta.example", map, issuer)!;
    const test = (id: string) => ({ id, environment: "test" as const });
    expect(servesTenant(acme, test(ACME), map)).toBe(true);
    expect(servesTenant(acme, test(BETA), map)).toBe(false);
    expect(servesTenant(acme, test(PLAIN), map)).toBe(false);
    expect(servesTenant(fallback, test(PLAIN), map)).toBe(true);
    expect(servesTenant(fallback, test(ACME), map)).toBe(false);
    expect(servesTenant(fallback, test(BETA), map)).toBe(false);
  });

  it("a production tenant is served on its own domains only, never on PUBLIC_URL", () => {
    const beta = issuerContextOf("login.beta.example", map, issuer)!;
    const fallback = issuerContextOf("porta.example", map, issuer)!;
    const production = (id: string) => ({ id, environment: "production" as const });
    expect(servesTenant(beta, production(BETA), map)).toBe(true);
    expect(servesTenant(fallback, production(BETA), map)).toBe(false);
    expect(servesTenant(fallback, production(PLAIN), map)).toBe(false);
    expect(servesTenant(beta, production(PLAIN), map)).toBe(false);
  });

  it("a misdirected request gets 421 with a JSON error and nothing else", async () => {
    const response = misdirectedResponse();
    expect(response.status).toBe(421);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "invalid_request", error_description: "No issuer is served on this host" });
  });
});

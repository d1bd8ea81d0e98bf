import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applicationCache, CLIENT_CACHE_MAX_ENTRIES, CLIENT_CACHE_TTL_MS } from "./application-cache";

interface App {
  id: string;
  version: number;
}

let name = 0;
/** A fresh cache per test (the store is process state under its name). */
const freshCache = () => applicationCache<App>(`test-${++name}`);

describe("application cache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers from the cache within the TTL and reloads after it", async () => {
    const cache = freshCache();
    let version = 0;
    const load = vi.fn(async () => ({ id: "a", version: ++version }));
    expect(await cache.load("a", load)).toEqual({ id: "a", version: 1 });
    vi.advanceTimersByTime(CLIENT_CACHE_TTL_MS - 1);
    expect(await cache.load("a", load)).toEqual({ id: "a", version: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await cache.load("a", load)).toEqual({ id: "a", version: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("concurrent requests for one key share one load", async () => {
    const cache = freshCache();
    const load = vi.fn(async () => ({ id: "a", version: 1 }));
    await Promise.all([cache.load("a", load), cache.load("a", load), cache.load("a", load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("an unknown id is asked for again (a new registration is usable at once)", async () => {
    const cache = freshCache();
    const load = vi.fn<() => Promise<App | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce({ id: "a", version: 1 });
    expect(await cache.load("a", load)).toBeNull();
    expect(await cache.load("a", load)).toEqual({ id: "a", version: 1 });
  });

  it("a failed load is not kept", async () => {
    const cache = freshCache();
    const load = vi.fn<() => Promise<App | null>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValueOnce({ id: "a", version: 1 });
    await expect(cache.load("a", load)).rejects.toThrow("database down");
    expect(await cache.load("a", load)).toEqual({ id: "a", version: 1 });
  });

  it("delete and clear make the next request load again", async () => {
    const cache = freshCache();
    let version = 0;
    const load = async () => ({ id: "a", version: ++version });
    await cache.load("a", load);
    cache.delete("a");
    expect((await cache.load("a", load))?.version).toBe(2);
    cache.clear();
    expect((await cache.load("a", load))?.version).toBe(3);
  });

  it("holds at most CLIENT_CACHE_MAX_ENTRIES applications, dropping the oldest", async () => {
    const cache = freshCache();
    const load = vi.fn(async () => ({ id: "x", version: 1 }));
    for (let i = 0; i <= CLIENT_CACHE_MAX_ENTRIES; i++) await cache.load(`k${i}`, load);
    expect(load).toHaveBeenCalledTimes(CLIENT_CACHE_MAX_ENTRIES + 1);
    await cache.load(`k${CLIENT_CACHE_MAX_ENTRIES}`, load);
    expect(load).toHaveBeenCalledTimes(CLIENT_CACHE_MAX_ENTRIES + 1);
    await cache.load("k0", load);
    expect(load).toHaveBeenCalledTimes(CLIENT_CACHE_MAX_ENTRIES + 2);
  });
});

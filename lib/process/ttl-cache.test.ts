import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceClock } from "../clock";
import { resetProcessState } from "./state";
import { ttlCache } from "./ttl-cache";

let name = 0;
/** A fresh cache per test (the store is process state under its name). */
const freshCache = <V>(options: { ttlMs?: number; maxEntries?: number; keep?: (value: V) => boolean } = {}) =>
  ttlCache<string, V>({ name: `test-${++name}`, ttlMs: 1_000, ...options });

/** A load that waits until released, answering `value`. */
function gated<V>(value: V): { load: () => Promise<V>; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { load: async () => (await gate, value), release: () => release() };
}

afterEach(() => resetProcessState());

describe("ttl cache", () => {
  it("serves a loaded value for ttlMs by Porta's clock, then loads again", async () => {
    const cache = freshCache<number>({ ttlMs: 60_000 });
    let version = 0;
    const load = vi.fn(async () => ++version);
    expect(await cache.load("a", load)).toBe(1);
    advanceClock(50_000);
    expect(cache.get("a")).toBe(1);
    expect(await cache.load("a", load)).toBe(1);
    advanceClock(10_000);
    expect(cache.get("a")).toBeUndefined();
    expect(await cache.load("a", load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("concurrent callers share one load per key", async () => {
    const cache = freshCache<string>();
    const load = vi.fn(async () => "value");
    expect(await Promise.all([cache.load("a", load), cache.load("a", load), cache.load("b", load)])).toEqual(["value", "value", "value"]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failed load is not kept: the next caller loads again", async () => {
    const cache = freshCache<string>();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("database down")).mockResolvedValueOnce("value");
    await expect(cache.load("a", load)).rejects.toThrow("database down");
    expect(cache.isLoading("a")).toBe(false);
    expect(await cache.load("a", load)).toBe("value");
  });

  it("a loader that throws at once fails its callers like a rejected load", async () => {
    const cache = freshCache<string>();
    await expect(cache.load("a", () => { throw new Error("no"); })).rejects.toThrow("no");
    expect(await cache.load("a", async () => "value")).toBe("value");
  });

  it("a value `keep` refuses answers its callers but is not kept", async () => {
    const cache = freshCache<string | null>({ keep: (value) => value !== null });
    const load = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce("registered");
    expect(await cache.load("a", load)).toBeNull();
    expect(await cache.load("a", load)).toBe("registered");
  });

  it("delete and clear take effect at once: a load begun before them answers but does not refill", async () => {
    const cache = freshCache<string>();
    for (const forget of [() => cache.delete("a"), () => cache.clear(), () => resetProcessState()]) {
      const stale = gated("old");
      const before = cache.load("a", stale.load);
      forget();
      expect(await cache.load("a", async () => "new")).toBe("new");
      stale.release();
      expect(await before).toBe("old");
      expect(cache.get("a")).toBe("new");
      cache.clear();
    }
  });

  it("reload loads even while fresh and joins a load under way", async () => {
    const cache = freshCache<number>();
    await cache.load("a", async () => 1);
    const next = gated(2);
    const first = cache.reload("a", next.load);
    const joined = cache.reload("a", async () => 3);
    expect(cache.isLoading("a")).toBe(true);
    expect(cache.get("a")).toBe(1);
    next.release();
    expect([await first, await joined]).toEqual([2, 2]);
    expect(cache.get("a")).toBe(2);
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const cache = freshCache<string>({ maxEntries: 2 });
    cache.set("a", "A");
    cache.set("b", "B");
    cache.set("a", "A2"); // refilled: now the newest
    cache.set("c", "C");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A2", undefined, "C"]);
  });

  it("ttlMs Infinity keeps a value until it is deleted", () => {
    const cache = freshCache<string>({ ttlMs: Infinity });
    cache.set("a", "A");
    advanceClock(365 * 24 * 3600_000);
    expect(cache.get("a")).toBe("A");
  });
});

describe("one cache per process", () => {
  it("a second copy of lib/ (as the Next.js bundle loads it) reads and clears the same entries", async () => {
    const cache = ttlCache<string, string>({ name: "shared", ttlMs: 60_000 });
    cache.set("key", "from the server's copy");
    vi.resetModules();
    const other = await import("./ttl-cache");
    const otherCopy = other.ttlCache<string, string>({ name: "shared", ttlMs: 60_000 });
    expect(other.ttlCache).not.toBe(ttlCache);
    expect(otherCopy.get("key")).toBe("from the server's copy");
    otherCopy.delete("key");
    expect(cache.get("key")).toBeUndefined();
  });
});

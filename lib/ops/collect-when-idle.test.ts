import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWhenIdle, IDLE_COLLECT_GROWTH_BYTES, IDLE_COLLECTIONS_MAX, shouldCollect } from "./collect-when-idle";

const MB = 1024 * 1024;

describe("shouldCollect", () => {
  const state = { requests: 10, idleCollections: 0, liveAfterCollect: 40 * MB };

  it("collects when no request arrived since the last check and the heap holds more than was live", () => {
    expect(shouldCollect(state, 10, 40 * MB + IDLE_COLLECT_GROWTH_BYTES)).toBe(true);
    expect(shouldCollect({ ...state, idleCollections: IDLE_COLLECTIONS_MAX - 1 }, 10, 400 * MB)).toBe(true);
  });

  it("does not collect while requests arrive, however large the heap", () => {
    expect(shouldCollect(state, 11, 400 * MB)).toBe(false);
  });

  it("stops after IDLE_COLLECTIONS_MAX collections in one idle spell, even if the heap stays large", () => {
    expect(shouldCollect({ ...state, idleCollections: IDLE_COLLECTIONS_MAX }, 10, 400 * MB)).toBe(false);
  });

  it("does not collect a heap that holds little more than was live after the last collection", () => {
    expect(shouldCollect(state, 10, 40 * MB + IDLE_COLLECT_GROWTH_BYTES - 1)).toBe(false);
    expect(shouldCollect(state, 10, 30 * MB)).toBe(false);
  });
});

describe("collectWhenIdle", () => {
  // The checks run on timers the test moves, so a busy machine cannot turn "requests arrive
  // between two checks" into "a check saw none"; the heap and its collections are real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const pause = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  // Time here is the test's; CPU is not: a 48 MB burst and full collections on a busy machine.
  it("collects after a burst of requests, when they stop, not while they arrive, and not at every idle check", { timeout: 60_000 }, async () => {
    let requests = 0;
    const collector = collectWhenIdle(() => requests, 50);
    try {
      // A burst of requests that grows the heap by about 48 MB, held until its end.
      let held: number[][] | undefined = [];
      for (let i = 0; i < 480; i++) {
        held.push(Array.from({ length: 12_500 }, (_, j) => j));
        if (i % 40 === 0) {
          requests++;
          await pause(0);
        }
      }
      held = undefined;
      expect(held).toBeUndefined();
      // Requests keep arriving, more often than the checks: no collection.
      for (let i = 0; i < 8; i++) {
        requests++;
        await pause(20);
      }
      expect(collector.collections).toBe(0);
      // Idle for eight checks: a collection (of everything unreachable, down to an object dropped
      // after the burst, which nothing else would collect now), and no more than the few allowed.
      const dropped = new WeakRef({ payload: Array.from({ length: 1000 }, (_, j) => j) });
      await pause(400);
      expect(collector.collections).toBeGreaterThanOrEqual(1);
      expect(collector.collections).toBeLessThanOrEqual(IDLE_COLLECTIONS_MAX);
      expect(dropped.deref()).toBeUndefined();
    } finally {
      collector.stop();
    }
  });
});

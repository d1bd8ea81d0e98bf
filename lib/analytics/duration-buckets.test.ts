import { describe, expect, it } from "vitest";
import { addBuckets, BUCKET_COUNT, bucketIndex, bucketLowerMs, bucketUpperMs, emptyBuckets, quantileMs } from "./duration-buckets";

/** The histogram of `durations`, as the database accumulates it. */
function histogram(durations: number[]): number[] {
  const buckets = emptyBuckets();
  for (const d of durations) buckets[bucketIndex(d)]! += 1;
  return buckets;
}

/** The exact quantile of a sorted list by the same rank rule (the value at rank ⌈q·n⌉). */
function exactQuantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

describe("bucket bounds", () => {
  it("are contiguous, log-spaced by 2^¼ from 100 ms, and the last is open", () => {
    expect(bucketLowerMs(0)).toBe(0);
    expect(bucketUpperMs(0)).toBe(100);
    expect(bucketUpperMs(4)).toBeCloseTo(200, 9);
    expect(bucketUpperMs(40)).toBeCloseTo(102_400, 6);
    for (let i = 1; i < BUCKET_COUNT; i++) expect(bucketLowerMs(i)).toBe(bucketUpperMs(i - 1));
    for (let i = 2; i < BUCKET_COUNT - 1; i++) expect(bucketUpperMs(i) / bucketUpperMs(i - 1)).toBeCloseTo(2 ** 0.25, 9);
    expect(bucketUpperMs(BUCKET_COUNT - 1)).toBe(Number.POSITIVE_INFINITY);
    // The longest login (30 minutes) still has a bounded bucket.
    expect(bucketIndex(30 * 60_000)).toBeLessThan(BUCKET_COUNT - 1);
  });

  it("puts every duration in the bucket whose range holds it, exact bounds included", () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(99.9)).toBe(0);
    expect(bucketIndex(100)).toBe(1);
    expect(bucketIndex(-5)).toBe(0);
    expect(bucketIndex(Number.NaN)).toBe(0);
    for (let i = 1; i < BUCKET_COUNT - 1; i++) {
      expect(bucketIndex(bucketLowerMs(i))).toBe(i);
      expect(bucketIndex(bucketUpperMs(i) - 0.001)).toBe(i);
    }
    expect(bucketIndex(10 * 24 * 3_600_000)).toBe(BUCKET_COUNT - 1);
  });
});

describe("quantiles from buckets", () => {
  it("no durations → null; a quantile outside (0, 1] is refused", () => {
    expect(quantileMs(emptyBuckets(), 0.5)).toBeNull();
    expect(() => quantileMs(emptyBuckets(), 0)).toThrow(RangeError);
    expect(() => quantileMs(emptyBuckets(), 1.5)).toThrow(RangeError);
  });

  it("one login: median and p95 lie in its bucket", () => {
    const buckets = histogram([4_000]);
    const i = bucketIndex(4_000);
    for (const q of [0.5, 0.95]) {
      const value = quantileMs(buckets, q)!;
      expect(value).toBeGreaterThanOrEqual(bucketLowerMs(i));
      expect(value).toBeLessThan(bucketUpperMs(i));
    }
  });

  it("median and p95 of a known spread are within one bucket width (19 %) of the exact values", () => {
    // Durations from 0.3 s to 3 minutes, spread log-uniformly, plus a slow tail.
    const durations = Array.from({ length: 1000 }, (_, k) => 300 * 600 ** (k / 999)).concat(Array.from({ length: 60 }, () => 600_000));
    const sorted = [...durations].sort((a, b) => a - b);
    const buckets = histogram(durations);
    for (const q of [0.5, 0.95]) {
      const exact = exactQuantile(sorted, q);
      const estimate = quantileMs(buckets, q)!;
      expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.19);
    }
  });

  it("splits a skewed day right: 9 fast logins and 1 slow one → median fast, p95 slow", () => {
    const buckets = histogram([...Array.from({ length: 9 }, () => 2_000), 120_000]);
    expect(quantileMs(buckets, 0.5)!).toBeLessThan(2_400);
    expect(quantileMs(buckets, 0.95)!).toBeGreaterThan(100_000);
  });

  it("the open last bucket answers its lower bound", () => {
    const buckets = histogram([10 * 24 * 3_600_000]);
    expect(quantileMs(buckets, 0.5)).toBe(bucketLowerMs(BUCKET_COUNT - 1));
  });

  it("days add up: the quantile of summed histograms is the quantile of all their logins", () => {
    const monday = [1_000, 1_500, 2_000];
    const tuesday = [30_000, 45_000];
    const summed = addBuckets(histogram(monday), histogram(tuesday));
    expect(summed).toEqual(histogram([...monday, ...tuesday]));
    expect(quantileMs(summed, 0.5)!).toBeGreaterThanOrEqual(bucketLowerMs(bucketIndex(2_000)));
    expect(quantileMs(summed, 0.5)!).toBeLessThan(bucketUpperMs(bucketIndex(2_000)));
  });
});

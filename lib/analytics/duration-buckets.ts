/**
 * Login durations as a fixed histogram, so the analytics page gets a median and a 95th percentile
 * per day from a few counters instead of raw logins. 64 buckets, log-spaced by a factor of 2^¼
 * (≈ 1.19) from 100 ms: bucket 0 is [0, 100 ms), bucket i (1–62) is [100·2^((i−1)/4), 100·2^(i/4))
 * ms, bucket 63 everything from ≈ 77 minutes (logins end within 30). A percentile read from them
 * is off by at most one bucket's width (≤ 19 %), less with the interpolation below.
 *
 * The bounds are part of the stored data (LoginDailyStat.durationBuckets): never change them, or
 * the days already counted would be read with the wrong bounds.
 */

export const BUCKET_COUNT = 64;
const FIRST_BOUND_MS = 100;
const STEPS_PER_DOUBLING = 4;

/** The exclusive upper bound of bucket `i` in ms (Infinity for the last). */
export function bucketUpperMs(i: number): number {
  if (i >= BUCKET_COUNT - 1) return Number.POSITIVE_INFINITY;
  return FIRST_BOUND_MS * 2 ** (i / STEPS_PER_DOUBLING);
}

/** The inclusive lower bound of bucket `i` in ms. */
export function bucketLowerMs(i: number): number {
  return i <= 0 ? 0 : bucketUpperMs(i - 1);
}

/** The bucket a duration falls in (negative durations, from clock steps, count as 0). */
export function bucketIndex(durationMs: number): number {
  if (!(durationMs >= FIRST_BOUND_MS)) return 0;
  let i = Math.min(BUCKET_COUNT - 1, Math.floor(STEPS_PER_DOUBLING * Math.log2(durationMs / FIRST_BOUND_MS)) + 1);
  // log2 may land a hair off at an exact bound: settle on the bucket whose range holds the value.
  while (i < BUCKET_COUNT - 1 && durationMs >= bucketUpperMs(i)) i++;
  while (i > 0 && durationMs < bucketLowerMs(i)) i--;
  return i;
}

/** Adds histogram `b` into `a` (same length), in place; returns `a`. */
export function addBuckets(a: number[], b: readonly number[]): number[] {
  for (let i = 0; i < BUCKET_COUNT; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return a;
}

export function emptyBuckets(): number[] {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/**
 * The `q`-quantile (0 < q ≤ 1) of the durations counted in `buckets`, in ms; null when none.
 * As Prometheus' histogram_quantile: find the bucket holding the rank q·n, then interpolate
 * linearly inside it. The open last bucket has no upper bound: its lower bound is the answer.
 */
export function quantileMs(buckets: readonly number[], q: number): number | null {
  if (!(q > 0 && q <= 1)) throw new RangeError(`quantile ${q} is not in (0, 1]`);
  const total = buckets.reduce((sum, c) => sum + c, 0);
  if (total <= 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < BUCKET_COUNT; i++) {
    const count = buckets[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = bucketLowerMs(i);
      const upper = bucketUpperMs(i);
      if (!Number.isFinite(upper)) return lower;
      return lower + ((rank - below) / count) * (upper - lower);
    }
    below += count;
  }
  return bucketLowerMs(BUCKET_COUNT - 1);
}

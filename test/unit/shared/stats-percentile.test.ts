import { describe, expect, it } from 'vitest';
import { percentileOf, WAIT_BUCKET_BOUNDS_S, waitBucket } from '../../../shared/stats';

/** A histogram with `n` waits in bucket `i` (and nothing elsewhere). */
const only = (i: number, n: number) => Array.from({ length: WAIT_BUCKET_BOUNDS_S.length + 1 }, (_, j) => (j === i ? n : 0));

describe('time to picture: buckets and percentiles from the hourly histograms', () => {
  it('puts a wait in the first bucket whose bound is at least it, and longer waits in the open last bucket', () => {
    expect(waitBucket(0)).toBe(0);
    expect(waitBucket(2000)).toBe(0);
    expect(waitBucket(2001)).toBe(1);
    expect(waitBucket(10_000)).toBe(WAIT_BUCKET_BOUNDS_S.indexOf(10));
    expect(waitBucket(600_000)).toBe(WAIT_BUCKET_BOUNDS_S.length - 1);
    expect(waitBucket(600_001)).toBe(WAIT_BUCKET_BOUNDS_S.length);
    expect(waitBucket(-5)).toBe(0);
  });

  it('answers null for no waits', () => {
    expect(percentileOf(only(0, 0), 0.5)).toBeNull();
    expect(percentileOf([], 0.95)).toBeNull();
  });

  it('interpolates within the bucket holding the rank', () => {
    // 10 waits in (10, 15] s: the median is halfway through the bucket, p95 near its top.
    const i = WAIT_BUCKET_BOUNDS_S.indexOf(15);
    expect(percentileOf(only(i, 10), 0.5)).toBe(12.5);
    expect(percentileOf(only(i, 10), 0.95)).toBe(14.8);
    // The first bucket starts at 0.
    expect(percentileOf(only(0, 4), 0.5)).toBe(1);
  });

  it('finds the bucket by cumulative count: p50 among the warm ones, p95 among the slow tail', () => {
    const h = only(0, 0);
    h[WAIT_BUCKET_BOUNDS_S.indexOf(4)] = 90; // 90 waits in (2, 4] s
    h[WAIT_BUCKET_BOUNDS_S.indexOf(120)] = 10; // 10 waits in (90, 120] s
    expect(percentileOf(h, 0.5)).toBeCloseTo(2 + (50 / 90) * 2, 1);
    expect(percentileOf(h, 0.95)).toBe(105);
    // Adding two hours' histograms bucket by bucket is the histogram of both hours.
    const sum = h.map((c) => c * 2);
    expect(percentileOf(sum, 0.95)).toBe(105);
  });

  it('answers the open bucket by its lower bound: the wait was at least that', () => {
    expect(percentileOf(only(WAIT_BUCKET_BOUNDS_S.length, 3), 0.5)).toBe(600);
  });
});

/**
 * The operator's overview (issue 33): one definition of its ranges and of the time-to-picture
 * histogram, shared by the counters (lambdas/services/stats.ts) and the console. Zod-free, so the
 * console's chunk imports it cheaply.
 */

/** The overview's ranges: today (UTC, hourly points), the last 7 and 30 days (UTC days, daily points). */
export const OVERVIEW_RANGES = ['today', '7d', '30d'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const OVERVIEW_RANGE_LABELS: Record<OverviewRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };

/**
 * Upper bounds (seconds) of the time-to-picture histogram's buckets: a wait of w seconds counts in
 * the first bucket whose bound is ≥ w; one more bucket holds every longer wait. Fixed, so hours add
 * up bucket by bucket and p50/p95 come from the sums (percentileOf).
 */
export const WAIT_BUCKET_BOUNDS_S = [2, 4, 6, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600] as const;

/** The bucket a wait of `ms` milliseconds counts in (0 … WAIT_BUCKET_BOUNDS_S.length). */
export function waitBucket(ms: number): number {
  const seconds = Math.max(0, ms) / 1000;
  const i = WAIT_BUCKET_BOUNDS_S.findIndex((bound) => seconds <= bound);
  return i === -1 ? WAIT_BUCKET_BOUNDS_S.length : i;
}

/**
 * The q-quantile (0 < q ≤ 1) of the waits a histogram counted, in seconds: the bucket holding the
 * rank q·n, interpolated linearly within it (its waits taken as spread evenly between its bounds).
 * The open last bucket answers its lower bound (the wait was at least that). Null for no waits.
 */
export function percentileOf(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, c) => sum + c, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] ?? 0;
    if (c > 0 && below + c >= rank) {
      const lower = i === 0 ? 0 : (WAIT_BUCKET_BOUNDS_S[i - 1] ?? 0);
      const upper = WAIT_BUCKET_BOUNDS_S[i];
      if (upper === undefined) return lower;
      return round1(lower + ((rank - below) / c) * (upper - lower));
    }
    below += c;
  }
  return WAIT_BUCKET_BOUNDS_S[WAIT_BUCKET_BOUNDS_S.length - 1] ?? null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

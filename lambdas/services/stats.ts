import type { InboxKind } from '../../shared/admin';
import { IMAGE_REPORT_TYPE, type ScreeningLayer } from '../../shared/safety';
import type { Overview, OverviewPoint } from '../../shared/schemas/admin';
import { type OverviewRange, percentileOf, WAIT_BUCKET_BOUNDS_S, waitBucket } from '../../shared/stats';
import { countOpen } from '../adapters/messages-table';
import { addToHour, addToTotals, type Counts, hourOf, readHours, readTotals } from '../adapters/stats-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';

/**
 * The operator's overview (issue 33, docs/admin.md "Overview"): counters written where things
 * happen, as hourly aggregates (adapters/stats-table.ts), and the overview read from them. The
 * counter names are defined here only. Every count* is one write that never throws.
 */
const C = {
  made: (by: 'visitor' | 'operator') => `made:${by}`,
  failed: (reason: string) => `failed:${reason}`,
  wait: (kind: 'cold' | 'warm', bucket: number) => `wait:${kind}:${bucket}`,
  gpuMs: 'gpuMs',
  refused: (layer: ScreeningLayer, reason: string) => `refused:${layer}:${reason}`,
  flagged: (by: string) => `flagged:${by}`,
  bytesAdded: 'bytes:added',
  bytesRemoved: 'bytes:removed',
  storedBytes: 'storedBytes',
};

/** A reason as a counter name's part: letters, digits, `.`, `_` and `-` only, at most 64 characters. */
const part = (reason: string) => reason.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64) || 'unknown';

/**
 * A picture was made (StoreImage, the first time a job ends done): who asked, the visitor's wait
 * from the job's acceptance to its picture (cold: the job had to ask for a GPU), and the worker's
 * time on it (the GPU busy time).
 */
export async function countPictureMade(p: { by: 'visitor' | 'operator'; waitMs: number; cold: boolean; gpuMs: number }): Promise<void> {
  await addToHour(
    { [C.made(p.by)]: 1, [C.wait(p.cold ? 'cold' : 'warm', waitBucket(p.waitMs))]: 1, [C.gpuMs]: Math.round(p.gpuMs) },
    clock.date(),
  );
}

/** A job failed (MarkFailed, or the reconciler ending a lost one): the Catch's error name, or the reconciler's reason. */
export async function countFailure(reason: string): Promise<void> {
  await addToHour({ [C.failed(part(reason))]: 1 }, clock.date());
}

/** A prompt was refused by a screening layer (shared/safety.ts SCREENING_LAYERS) for a reason (its hit's kind). */
export async function countRefusal(layer: ScreeningLayer, reason: string): Promise<void> {
  await addToHour({ [C.refused(layer, part(reason))]: 1 }, clock.date());
}

/** The image check held a picture back (StoreImage); `by` names the check. */
export async function countImageFlag(by: string): Promise<void> {
  await addToHour({ [C.flagged(part(by))]: 1 }, clock.date());
}

/** Bytes put into (positive) or deleted from (negative) the images bucket for a picture: the hour's flow and the running total. */
export async function countStorage(bytes: number): Promise<void> {
  if (!bytes) return;
  const at = clock.date();
  await Promise.all([
    addToHour(bytes > 0 ? { [C.bytesAdded]: bytes } : { [C.bytesRemoved]: -bytes }, at),
    addToTotals({ [C.storedBytes]: bytes }, at),
  ]);
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Kinds of inbox message the overview counts as unread messages (reports are counted apart; signups are not messages). */
const MESSAGE_KINDS: InboxKind[] = ['feedback', 'issue', 'contact'];

/** The overview of a range, from the hourly aggregates (and the inbox's open messages, read as they are now). */
export async function overview(range: OverviewRange, now = clock.date()): Promise<Overview> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  const from = new Date(today - (days - 1) * DAY);
  const step = range === 'today' ? HOUR : DAY;
  const [hours, totals, reportsWaiting, unread] = await Promise.all([
    readHours(hourOf(from), hourOf(now)),
    readTotals(),
    countOpen(IMAGE_REPORT_TYPE),
    Promise.all(MESSAGE_KINDS.map(countOpen)),
  ]);

  const sum = sumCounts(hours.map((h) => h.counts));
  const price = config().GPU_HOURLY_PRICE_USD;
  const gpuMinutes = (sum[C.gpuMs] ?? 0) / 60_000;
  const points: OverviewPoint[] = [];
  for (let at = from.getTime(); at <= now.getTime(); at += step) {
    const inPoint = hours.filter((h) => {
      const t = Date.parse(`${h.hour}:00:00Z`);
      return t >= at && t < at + step;
    });
    points.push(pointOf(new Date(at).toISOString(), sumCounts(inPoint.map((h) => h.counts))));
  }
  const updatedAt = hours.reduce<string | undefined>(
    (latest, h) => (h.updatedAt && (!latest || h.updatedAt > latest) ? h.updatedAt : latest),
    undefined,
  );
  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    step: range === 'today' ? 'hour' : 'day',
    updatedAt: updatedAt ?? null,
    generations: { visitor: sum[C.made('visitor')] ?? 0, operator: sum[C.made('operator')] ?? 0 },
    failures: byPrefix(sum, 'failed:').map(([reason, count]) => ({ reason, count })),
    timeToPicture: { cold: waitSummary(sum, 'cold'), warm: waitSummary(sum, 'warm') },
    gpu: {
      minutes: round2(gpuMinutes),
      hourlyPriceUsd: price,
      estimatedCostUsd: round2((gpuMinutes / 60) * price),
    },
    refusals: byPrefix(sum, 'refused:').map(([key, count]) => {
      const [layer = '', ...reason] = key.split(':');
      return { layer, reason: reason.join(':'), count };
    }),
    imageCheckFlags: byPrefix(sum, 'flagged:').reduce((n, [, count]) => n + count, 0),
    reportsWaiting,
    unreadMessages: unread.reduce((n, c) => n + c, 0),
    storage: {
      usedBytes: Math.max(0, totals[C.storedBytes] ?? 0),
      addedBytes: sum[C.bytesAdded] ?? 0,
      removedBytes: sum[C.bytesRemoved] ?? 0,
    },
    points,
  };
}

function sumCounts(list: Counts[]): Counts {
  const out: Counts = {};
  for (const counts of list) for (const [name, n] of Object.entries(counts)) out[name] = (out[name] ?? 0) + n;
  return out;
}

/** The counters under a prefix, the prefix cut off, largest first. */
const byPrefix = (counts: Counts, prefix: string): [string, number][] =>
  Object.entries(counts)
    .filter(([name, n]) => name.startsWith(prefix) && n > 0)
    .map(([name, n]): [string, number] => [name.slice(prefix.length), n])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

const histogram = (counts: Counts, kind: 'cold' | 'warm') =>
  Array.from({ length: WAIT_BUCKET_BOUNDS_S.length + 1 }, (_, i) => counts[C.wait(kind, i)] ?? 0);

function waitSummary(counts: Counts, kind: 'cold' | 'warm') {
  const h = histogram(counts, kind);
  return { count: h.reduce((n, c) => n + c, 0), p50: percentileOf(h, 0.5), p95: percentileOf(h, 0.95) };
}

function pointOf(at: string, counts: Counts): OverviewPoint {
  const warm = histogram(counts, 'warm');
  const both = histogram(counts, 'cold').map((c, i) => c + (warm[i] ?? 0));
  return {
    at,
    visitor: counts[C.made('visitor')] ?? 0,
    operator: counts[C.made('operator')] ?? 0,
    failed: byPrefix(counts, 'failed:').reduce((n, [, c]) => n + c, 0),
    refused: byPrefix(counts, 'refused:').reduce((n, [, c]) => n + c, 0),
    gpuMinutes: round2((counts[C.gpuMs] ?? 0) / 60_000),
    waitP50: percentileOf(both, 0.5),
    waitP95: percentileOf(both, 0.95),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

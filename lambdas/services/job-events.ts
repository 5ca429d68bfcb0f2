import { randomUUID } from 'node:crypto';
import type { JobStatusResponse } from '../../shared/schemas/generation';
import { TERMINAL_STATUSES } from '../../shared/schemas/generation';
import { getJob } from '../adapters/jobs-table';
import { releaseSlot, type SlotKey, takeSlot } from '../adapters/stream-slots';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { NotFoundError, RateLimitError } from '../lib/errors';
import { logger } from '../lib/logger';
import { networkOf } from '../lib/network';
import { sleep } from '../lib/retry';
import { jobStatus } from './generation';

/** A 404 job_not_found before the stream opens (one read of the record: the stream's first look follows at once). */
export async function requireJob(jobId: string): Promise<void> {
  if (!(await getJob(jobId))) throw new NotFoundError('No such generation job.', 'job_not_found');
}

/**
 * A job's status as server-sent events (GET /api/generate/{jobId}/events): pushed to the browser, but
 * fed by a poll here. The function reads the job record (strongly consistent) every WATCH_MS and sends the full status
 * (the same JSON as GET /api/generate/{jobId}) whenever status, percent or message moved, and at
 * least every REFRESH_MS while queued (the queue position and ETA change without the record), then
 * closes after the terminal status. A comment line every KEEPALIVE_MS keeps CloudFront's origin read
 * timeout (30 s) from closing a long wait. Cost per job: one GetItem per 100 ms of its life, one read
 * unit each, and the function's duration; measured by `npm run bench -- generation` (docs/generation.md).
 */
const WATCH_MS = 100;
const REFRESH_MS = 2_000;
const KEEPALIVE_MS = 10_000;

export interface EventSink {
  write: (chunk: string) => void;
  /** The viewer went away: stop watching. */
  closed: () => boolean;
}

const sseEvent = (status: JobStatusResponse) => `event: status\ndata: ${JSON.stringify(status)}\n\n`;

export async function streamJobEvents(
  jobId: string,
  readerId: string | undefined,
  sink: EventSink,
  opts: { watchMs?: number; maxMs?: number } = {},
): Promise<void> {
  const watchMs = opts.watchMs ?? WATCH_MS;
  const started = clock.now();
  let last = '';
  let lastSent = 0;
  let lastWrite = clock.now();
  sink.write('retry: 1000\n\n');
  // The stream ends itself after STREAM_MAX_SECONDS (lib/config.ts); the browser then follows by polling.
  while (!sink.closed() && clock.now() - started < (opts.maxMs ?? config().STREAM_MAX_SECONDS * 1000)) {
    const job = await getJob(jobId);
    if (!job) return;
    // A newly finished picture of a job of several (issue 32) is a change too, whatever the percent.
    const key = `${job.status}|${job.percent}|${job.message}|${job.pictures?.length ?? 0}`;
    const terminal = TERMINAL_STATUSES.includes(job.status);
    if (key !== last || clock.now() - lastSent >= REFRESH_MS) {
      // What GET /api/generate/{jobId} answers this reader: the picture only as they may have it.
      const status = await jobStatus(jobId, readerId);
      sink.write(sseEvent(status));
      last = key;
      lastSent = lastWrite = clock.now();
      if (TERMINAL_STATUSES.includes(status.status)) return;
    } else if (terminal) {
      return;
    } else if (clock.now() - lastWrite >= KEEPALIVE_MS) {
      sink.write(': keep-alive\n\n');
      lastWrite = clock.now();
    }
    await sleep(watchMs);
  }
}

/**
 * A place among the open streams of `jobId` and of the viewer's network (STREAMS_PER_JOB,
 * STREAMS_PER_NETWORK), held in the counters table until `release` (the handler's finally) or, if
 * the process dies first, a minute after the stream's longest life. All taken → 429, and the
 * browser follows the job by polling instead (frontend follow-job.ts falls back on any stream error).
 */
export async function holdStreamPlace(jobId: string, sourceIp: string, now = clock.now()): Promise<{ release: () => Promise<void> }> {
  const cfg = config();
  const holder = randomUUID();
  const nowSeconds = Math.floor(now / 1000);
  const expiresAt = nowSeconds + cfg.STREAM_MAX_SECONDS + 60;
  const job: SlotKey = { scope: 'job', subject: jobId, limit: cfg.STREAMS_PER_JOB };
  const network: SlotKey = { scope: 'net', subject: networkOf(sourceIp, 'stream'), limit: cfg.STREAMS_PER_NETWORK };
  const jobSlot = await takeSlot(job, holder, expiresAt, nowSeconds);
  if (jobSlot === undefined)
    throw new RateLimitError('This picture is already followed live in other tabs; it is followed by polling here.', 5, 'too_many_streams');
  // The second write failing (a throttled or unreachable table) must not keep the first place held
  // until it expires: it is given back, then the failure goes up as it is (503).
  const networkSlot = await takeSlot(network, holder, expiresAt, nowSeconds).catch(async (err: unknown) => {
    await releaseSlot(job, jobSlot, holder).catch((error: Error) => logger.error('giving back a stream place failed', { error }));
    throw err;
  });
  if (networkSlot === undefined) {
    await releaseSlot(job, jobSlot, holder);
    throw new RateLimitError('Too many live streams from your network; progress is followed by polling.', 5, 'too_many_streams');
  }
  return {
    release: async () => {
      await Promise.all([releaseSlot(job, jobSlot, holder), releaseSlot(network, networkSlot, holder)]);
    },
  };
}

import type { JobStatusResponse } from '../../shared/schemas/generation';
import { TERMINAL_STATUSES } from '../../shared/schemas/generation';
import { getJob } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { NotFoundError } from '../lib/errors';
import { sleep } from '../lib/retry';
import { jobStatus } from './generation';

/** A 404 job_not_found before the stream opens (one read of the record: the stream's first look follows at once). */
export async function requireJob(jobId: string): Promise<void> {
  if (!(await getJob(jobId))) throw new NotFoundError('No such generation job.', 'job_not_found');
}

/**
 * Push, not poll: a job's status as server-sent events (GET /api/generate/{jobId}/events). The
 * function reads the job record (strongly consistent) every WATCH_MS and sends the full status
 * (the same JSON as GET /api/generate/{jobId}) whenever status, percent or message moved, and at
 * least every REFRESH_MS while queued (the queue position and ETA change without the record), then
 * closes after the terminal status. A comment line every KEEPALIVE_MS keeps CloudFront's origin read
 * timeout (30 s) from closing a long wait. Cost per job (estimated): one GetItem per 100 ms of its
 * life, one read unit each, and the function's duration, for a 10 s job about 100 reads.
 */
const WATCH_MS = 100;
const REFRESH_MS = 2_000;
const KEEPALIVE_MS = 10_000;
/** The stream ends itself before Lambda's 15 minutes; the browser then follows by polling. */
const MAX_STREAM_MS = 14 * 60 * 1000;

export interface EventSink {
  write: (chunk: string) => void;
  /** The viewer went away: stop watching. */
  closed: () => boolean;
}

const sseEvent = (status: JobStatusResponse) => `event: status\ndata: ${JSON.stringify(status)}\n\n`;

export async function streamJobEvents(jobId: string, sink: EventSink, opts: { watchMs?: number; maxMs?: number } = {}): Promise<void> {
  const watchMs = opts.watchMs ?? WATCH_MS;
  const started = clock.now();
  let last = '';
  let lastSent = 0;
  let lastWrite = clock.now();
  sink.write('retry: 1000\n\n');
  while (!sink.closed() && clock.now() - started < (opts.maxMs ?? MAX_STREAM_MS)) {
    const job = await getJob(jobId);
    if (!job) return;
    const key = `${job.status}|${job.percent}|${job.message}`;
    const terminal = TERMINAL_STATUSES.includes(job.status);
    if (key !== last || clock.now() - lastSent >= REFRESH_MS) {
      const status = await jobStatus(jobId);
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

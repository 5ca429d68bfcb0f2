import { POLLING } from '@shared/constants';
import type { JobStatusResponse } from '@shared/schemas/generation';
import { API_BASE, qs } from '../../lib/api-client';
import { loadGenerationSchemas } from '../../lib/validators';
import { getJobStatus } from './api/generation-api';

/**
 * A job's statuses as they happen: pushed by GET /api/generate/{jobId}/events (server-sent events)
 * while that stream works, then — if it fails before the job ended, or the browser has no
 * EventSource — by polling GET /api/generate/{jobId} every POLLING.intervalMs. Ends after a
 * terminal status (done, failed, cancelled). Every listener it adds is removed again.
 */
export async function* followJob(
  jobId: string,
  /** The visitor's id: the job's finished picture comes with its urls to its author only (docs/privacy.md). */
  userId: string,
  signal: AbortSignal,
  opts: { maxPollErrors?: number; EventSourceImpl?: typeof EventSource | undefined } = {},
): AsyncGenerator<JobStatusResponse, void> {
  const Impl = 'EventSourceImpl' in opts ? opts.EventSourceImpl : globalThis.EventSource;
  if (Impl) {
    const ended = yield* pushed(jobId, userId, signal, Impl);
    if (ended) return;
  }
  yield* polled(jobId, userId, signal, opts.maxPollErrors ?? 5);
}

const TERMINAL = new Set(['done', 'failed', 'cancelled']);
const aborted = () => new DOMException('aborted', 'AbortError');

/** Pushed statuses; true once a terminal one came, false when the stream failed before (fall back to polling). */
async function* pushed(
  jobId: string,
  userId: string,
  signal: AbortSignal,
  Impl: typeof EventSource,
): AsyncGenerator<JobStatusResponse, boolean> {
  const { jobStatusResponseSchema } = await loadGenerationSchemas();
  if (signal.aborted) throw aborted();
  const source = new Impl(`${API_BASE}/generate/${encodeURIComponent(jobId)}/events${qs({ userId: userId || undefined })}`);
  const queue: (JobStatusResponse | 'failed' | 'aborted')[] = [];
  let wake: (() => void) | undefined;
  const push = (item: JobStatusResponse | 'failed' | 'aborted') => {
    queue.push(item);
    wake?.();
  };
  const onStatus = (event: MessageEvent<string>) => {
    const parsed = jobStatusResponseSchema.safeParse(JSON.parse(event.data));
    push(parsed.success ? parsed.data : 'failed');
  };
  // EventSource reconnects by itself after an error; for a job we would rather poll than wait.
  const onError = () => push('failed');
  const onAbort = () => push('aborted');
  source.addEventListener('status', onStatus as EventListener);
  source.addEventListener('error', onError);
  signal.addEventListener('abort', onAbort);
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const item = queue.shift();
      if (item === 'aborted') throw aborted();
      if (item === 'failed' || item === undefined) return false;
      if (TERMINAL.has(item.status)) {
        // Closed before the consumer gets it: the consumer may take a while to ask for more, and the
        // server ends the stream after a terminal status, so an open EventSource would reconnect (retry: 1 s).
        source.close();
        yield item;
        return true;
      }
      yield item;
    }
  } finally {
    source.removeEventListener('status', onStatus as EventListener);
    source.removeEventListener('error', onError);
    signal.removeEventListener('abort', onAbort);
    source.close();
  }
}

async function* polled(jobId: string, userId: string, signal: AbortSignal, maxErrors: number): AsyncGenerator<JobStatusResponse, void> {
  let errors = 0;
  for (;;) {
    await sleep(POLLING.intervalMs, signal);
    let job: JobStatusResponse;
    try {
      job = await getJobStatus(jobId, userId, signal);
      errors = 0;
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      if (++errors >= maxErrors) throw err;
      continue;
    }
    yield job;
    if (TERMINAL.has(job.status)) return;
  }
}

/** A pause that an abort cuts short; its abort listener goes when it ends either way. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const onAbort = () => {
      window.clearTimeout(timer);
      reject(aborted());
    };
    const timer = window.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

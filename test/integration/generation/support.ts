import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { generationRuntime } from '../../../local/plugins/generation';
import type { JobStatusResponse } from '../../../shared/schemas/generation';
import { jobStatusResponseSchema } from '../../../shared/schemas/generation';
import { startTestApp, type TestApp } from '../../support/local-app';
import { startedForFile } from '../../support/per-file';

export const PROMPT = 'A colorful sunset over the ocean';

/** The describe's flow app (startFlowApp), started before its tests and stopped after them (see startedForFile). */
export function flowAppForSuite(env: Record<string, string>): TestApp {
  return startedForFile(
    () => startFlowApp(env),
    (app) => app.stop(),
  );
}

/**
 * The local site with generation, the flow's retries and waits shortened for tests and no hourly caps
 * (the suites post many jobs), plus the suite's own `env`.
 */
export function startFlowApp(env: Record<string, string>): Promise<TestApp> {
  const quick = { LOCAL_SFN_RETRY_MS: '50', LOCAL_SFN_WAIT_MS: '100', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' };
  return startTestApp({ plugins: ['generation'], env: { ...quick, ...env } });
}

export function newRequest(overrides: Record<string, unknown> = {}) {
  return { prompt: PROMPT, aspectRatio: '4:3', userId: randomUUID(), requestId: `req-${randomUUID()}`, ...overrides };
}

export async function postGenerate(app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return app.api('/api/generate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * A job: its id alone (a stranger's view), or with the visitor id of the studio that follows it (`?userId=`):
 * only the author gets a finished picture that is not shared (docs/privacy.md).
 */
export type FollowedJob = string | { jobId: string; userId: string };

export async function getStatus(app: TestApp, job: FollowedJob): Promise<JobStatusResponse> {
  const res = await app.api(typeof job === 'string' ? `/api/generate/${job}` : `/api/generate/${job.jobId}?userId=${job.userId}`);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return jobStatusResponseSchema.parse(await res.json());
}

/** Polls the status API (as the browser does) until `until` holds; returns every status seen. */
export async function waitFor(
  app: TestApp,
  jobId: FollowedJob,
  until: (s: JobStatusResponse) => boolean,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<{ last: JobStatusResponse; seen: JobStatusResponse[] }> {
  const seen: JobStatusResponse[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getStatus(app, jobId);
    seen.push(s);
    if (until(s)) return { last: s, seen };
    if (Date.now() > deadline) throw new Error(`timed out; last status ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const ended = (s: JobStatusResponse) => s.status === 'done' || s.status === 'failed' || s.status === 'cancelled';

/** Posts a new generation and answers its job id (202 expected). */
export async function postJob(app: TestApp): Promise<string> {
  const res = await postGenerate(app, newRequest());
  // The body names the refusal (queue_full, storage_unavailable, …) should this ever fail.
  expect(res.status, await res.clone().text()).toBe(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

/**
 * How a job travelled on the queue (local/sfn/queue.ts's delivery log): how many times it was delivered to
 * a worker (1: its first worker finished it) and when it was first claimed. The execution must have succeeded.
 */
export async function deliveriesOf(jobId: string): Promise<{ deliveries: number; claimedAt: number }> {
  const rt = generationRuntime();
  const execution = rt.runner.executions.get(rt.runner.executionArn(jobId));
  await execution?.done;
  expect(execution?.status).toBe('SUCCEEDED');
  const found = rt.queues.delivered().find((m) => (JSON.parse(m.body) as { job: { jobId: string } }).job.jobId === jobId);
  if (!found?.firstReceivedAt) throw new Error(`job ${jobId} was never delivered`);
  return { deliveries: found.receives, claimedAt: found.firstReceivedAt };
}

/**
 * Ends the queue's lease windows on the test's clock (the app started with LOCAL_SQS_LEASES=windows,
 * local/sfn/queue.ts) until `stop()`: a window ends once every claimed job's lease was kept in it, or
 * after `graceMs`, when the leases still not kept lapse and their jobs go back on the queue, as in SQS.
 * A loaded machine slows the windows down instead of taking jobs from live workers, and a worker that
 * stops keeping its claims still loses its jobs. `stop()` answers when each window ended.
 */
export function leaseWindows(graceMs = 5_000): { stop(): Promise<number[]> } {
  const { queues } = generationRuntime();
  const ends: number[] = [];
  let running = true;
  const loop = (async () => {
    let since = Date.now();
    while (running) {
      await new Promise((r) => setTimeout(r, 20));
      const { held, kept } = queues.leaseCounts();
      if (held === 0) since = Date.now();
      if (held === 0 || (kept < held && Date.now() - since < graceMs)) continue;
      queues.endWindow();
      since = Date.now();
      ends.push(since);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return ends;
    },
  };
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobStatusResponse, jobStatusResponseSchema } from '../../../shared/schemas/generation';
import { startTestApp, type TestApp } from '../../support/local-app';
import { newRequest, postGenerate } from './support';

/**
 * GET /api/generate/{jobId}/events: the job's status pushed as server-sent events, through the local adapter's streaming.
 * The preview renderer's steps last 400 ms each (4 steps a picture): the stream reads the record every 100 ms, so two
 * distinct percents reach it even when the machine is loaded and a read or the worker's write takes a few hundred ms
 * (at 60 ms a step, a loaded CI once saw one percent only).
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '400', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' } });
});
afterAll(async () => app?.stop());

/** Reads the event stream to its end: every `status` event, parsed with the shared schema, and when each arrived. */
async function readEvents(jobId: string, userId?: string): Promise<{ status: JobStatusResponse; at: number }[]> {
  const res = await app.api(`/api/generate/${jobId}/events${userId ? `?userId=${userId}` : ''}`, {
    headers: { accept: 'text/event-stream' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: { status: JobStatusResponse; at: number }[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^event: status$/m.test(block) && data) events.push({ status: jobStatusResponseSchema.parse(JSON.parse(data)), at: Date.now() });
      end = buffer.indexOf('\n\n');
    }
  }
  return events;
}

describe('job events', () => {
  it('pushes each change of a job in order and ends the stream after done, with the image', async () => {
    const req = newRequest();
    const res = await postGenerate(app, req);
    const { jobId } = (await res.json()) as { jobId: string };
    const events = await readEvents(jobId, req.userId);
    const statuses = events.map((e) => e.status.status);
    expect(statuses.at(-1)).toBe('done');
    expect(statuses).toContain('generating');
    expect(events.at(-1)?.status.image?.prompt).toBe(newRequest().prompt);
    // Percent only goes up while generating.
    const percents = events.filter((e) => e.status.status === 'generating').map((e) => e.status.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBeGreaterThan(1);
  });

  it('pushes each finished picture of a job of several as it comes, to its author (issue 32)', async () => {
    const req = newRequest({ count: 3 });
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const events = await readEvents(jobId, req.userId);
    expect(events.at(-1)?.status).toMatchObject({ status: 'done', count: 3 });
    expect(events.at(-1)?.status.images.map((i) => i.id)[0]).toBe(jobId);
    expect(events.at(-1)?.status.images).toHaveLength(3);
    // Before done, the stream carried a picture or two, never fewer than an earlier event.
    const running = events.filter((e) => e.status.status !== 'done').map((e) => e.status.images.length);
    expect(running.some((n) => n >= 1 && n < 3)).toBe(true);
    expect(running).toEqual([...running].sort((a, b) => a - b));
  });

  it('answers a malformed id with 400 and an unknown one with 404, as JSON', async () => {
    const bad = await app.api('/api/generate/not-a-job/events');
    expect(bad.status).toBe(400);
    // The same refusal as GET /api/generate/{jobId}: validated() and errors.ts, not a shape of its own.
    expect(await bad.json()).toEqual({
      error: { code: 'validation_failed', message: 'jobId must be a job id.', fields: { jobId: 'jobId must be a job id.' } },
    });
    const unknown = await app.api(`/api/generate/${randomUUID()}/events`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('job_not_found');
  });
});

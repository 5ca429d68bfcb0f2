import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDuration } from '../../../lambdas/adapters/fleet-records';
import { generationRuntime } from '../../../local/plugins/generation';
import { startTestApp, type TestApp } from '../../support/local-app';
import { ended, getStatus, newRequest, postGenerate, waitFor } from './support';

/** With no worker up, jobs wait: the ETA comes from the stored history, the queue cap answers 503. */
describe('generation queue: ETA from history, queue cap', () => {
  let app: TestApp;
  const waiting: { jobId: string; userId: string }[] = [];
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['generation'],
      env: { PREVIEW_STEP_DELAY_MS: '20', GEN_QUEUE_CAP: '2', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' },
    });
    const rt = generationRuntime();
    await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
    // A scripted history: medians 40 s cold start, 6 s generation.
    for (const [i, ms] of [30_000, 40_000, 50_000].entries()) await recordDuration('coldStart', `seed-c${i}`, ms);
    for (const [i, ms] of [5_000, 6_000, 9_000].entries()) await recordDuration('generation', `seed-g${i}`, ms);
  });
  afterAll(async () => app?.stop());

  async function enqueue() {
    const req = newRequest();
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    waiting.push({ jobId, userId: req.userId });
    return jobId;
  }

  it('shows the queue position and an ETA of cold start + generations from the medians', async () => {
    const first = await enqueue();
    const a = (await waitFor(app, first, (s) => s.status === 'starting')).last;
    expect(a.queuePosition).toBe(0);
    // The local runtime draws with the preview renderer (no COMFYUI_URL): the message says so, not "a GPU".
    expect(a.message).toBe('Waiting for the preview renderer…');
    // 40 s cold start (minus the moment since it was asked for) + one 6 s generation.
    expect(a.etaSeconds).toBeGreaterThanOrEqual(44);
    expect(a.etaSeconds).toBeLessThanOrEqual(46);

    const second = await enqueue();
    const b = (await waitFor(app, second, (s) => s.status === 'starting')).last;
    expect(b.queuePosition).toBe(1);
    expect(b.etaSeconds).toBeGreaterThanOrEqual(50);
    expect(b.etaSeconds).toBeLessThanOrEqual(52);
  });

  it('503 with Retry-After when GEN_QUEUE_CAP jobs are already waiting', async () => {
    const res = await postGenerate(app, newRequest());
    expect(res.status).toBe(503);
    // 2 waiting x the 6 s median generation.
    expect(res.headers.get('retry-after')).toBe('12');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('busy');
    expect(body.error.message).toMatch(/busy/);
  });

  it('takes jobs again once the queue drains', async () => {
    for (const { jobId, userId } of waiting.splice(0)) {
      const res = await app.api(`/api/generate/${jobId}?userId=${userId}`, { method: 'DELETE' });
      expect(res.status).toBe(202);
    }
    generationRuntime().addWorker();
    const jobId = await enqueue();
    const { last } = await waitFor(app, jobId, ended);
    expect(last.status).toBe('done');
    await expect(getStatus(app, jobId)).resolves.toMatchObject({ percent: 100 });
  });
});

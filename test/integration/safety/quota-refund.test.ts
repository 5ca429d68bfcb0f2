import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { generationRuntime } from '../../../local/plugins/generation';
import { quotaResponseSchema } from '../../../shared/schemas/safety';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, newRequest, postGenerate, waitFor } from '../generation/support';

/**
 * Nothing charged wrongly (issue 30, docs/safety.md "Quota refunds"), read on the studio's own meter
 * (GET /api/generate/quota): a refused prompt spends nothing; a job that fails in an infrastructure
 * step gives its unit back, once, however often MarkFailed runs (Step Functions may run a step twice).
 */
const hour = freshWindow();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    plugins: ['generation'],
    env: { ...hour.env, PREVIEW_STEP_DELAY_MS: '5', GEN_USER_HOURLY: '5', GEN_IP_HOURLY: '50' },
  });
}, 120_000);
afterAll(async () => app?.stop());
afterEach(() => {
  Object.assign(generationRuntime().renderer?.faults ?? {}, { executionError: false });
});

const visitor = randomUUID();

async function remaining(userId: string): Promise<number> {
  const res = await app.api(`/api/generate/quota?userId=${userId}`);
  expect(res.status).toBe(200);
  return quotaResponseSchema.parse(await res.json()).remaining;
}

async function generate(userId: string): Promise<{ jobId: string; status: string }> {
  const res = await postGenerate(app, newRequest({ userId }));
  expect(res.status, await res.clone().text()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  const { last } = await waitFor(app, { jobId, userId }, ended, 45_000);
  return { jobId, status: last.status };
}

describe('the hourly quota', () => {
  it('is not spent by a refused prompt', async () => {
    expect(await remaining(visitor)).toBe(5);
    const refused = await postGenerate(app, newRequest({ userId: visitor, prompt: 'a porn star on a beach' }));
    expect(refused.status).toBe(422);
    expect(await remaining(visitor)).toBe(5);
  });

  it('is spent by a picture made, and given back once when the job fails in an infrastructure step', { timeout: 120_000 }, async () => {
    expect((await generate(visitor)).status).toBe('done');
    expect(await remaining(visitor)).toBe(4);

    // ComfyUI fails while generating: the worker fails the task, the flow's Catch runs MarkFailed.
    const renderer = generationRuntime().renderer;
    if (!renderer) throw new Error('no preview renderer');
    renderer.faults.executionError = true;
    const failed = await generate(visitor);
    expect(failed.status).toBe('failed');
    // Given back before the job shows failed: the studio's meter, read as the failure shows, has it back.
    expect(await remaining(visitor)).toBe(4);
    const record = await getJob(failed.jobId);
    expect(record?.refundedAt).toBeDefined();

    // Step Functions runs MarkFailed again (a retried step): the deployed step, through the IAM gateway.
    if (!record) throw new Error('no job record');
    const again = {
      job: {
        jobId: record.jobId,
        userId: record.userId,
        prompt: record.prompt,
        aspectRatio: record.aspectRatio,
        width: record.width,
        height: record.height,
      },
      error: { Error: 'ComfyExecutionError', Cause: 'again' },
    };
    await app.deployment.fn('step-mark-failed').invoke(again);
    await app.deployment.fn('step-mark-failed').invoke(again);
    expect(await remaining(visitor)).toBe(4);
    expect((await getJob(failed.jobId))?.refundedAt).toBe(record.refundedAt);
  });

  it('is kept when the visitor cancels', { timeout: 120_000 }, async () => {
    const other = randomUUID();
    const rt = generationRuntime();
    const paused = rt.workers.splice(0);
    await Promise.all(paused.map((w) => w.stop()));
    try {
      const res = await postGenerate(app, newRequest({ userId: other }));
      expect(res.status).toBe(202);
      const { jobId } = (await res.json()) as { jobId: string };
      expect(await remaining(other)).toBe(4);
      expect((await app.api(`/api/generate/${jobId}?userId=${other}`, { method: 'DELETE' })).status).toBe(202);
      await waitFor(app, { jobId, userId: other }, ended);
      expect(await remaining(other)).toBe(4);
    } finally {
      rt.addWorker();
    }
  });
});

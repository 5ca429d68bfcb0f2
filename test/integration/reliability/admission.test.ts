import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../../lambdas/adapters/aws-clients';
import { activeJobs, openJobs } from '../../../lambdas/adapters/job-lists';
import { config } from '../../../lambdas/lib/config';
import { generationRuntime } from '../../../local/plugins/generation';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { newRequest, postGenerate } from '../generation/support';

/** The site with generation but no GPU worker: admitted jobs stay in the queue, so every one counts against the caps. */
async function startWithoutWorkers(env: Record<string, string>): Promise<TestApp> {
  const app = await startTestApp({ plugins: ['generation'], env });
  await Promise.all(
    generationRuntime()
      .workers.splice(0)
      .map((w) => w.stop()),
  );
  return app;
}

/** The queue cap and the hourly caps hold under a burst: they are conditions of one transaction. */
describe('atomic admission', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startWithoutWorkers({ GEN_QUEUE_CAP: '20', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' });
  });
  afterAll(async () => app?.stop());

  const slots = async () =>
    Number((await dynamo().send(new GetCommand({ TableName: config().JOBS_TABLE, Key: { pk: 'queue', sk: 'slots' } }))).Item?.count);

  it('40 parallel requests from 40 visitors with a cap of 20 admit at most 20; the rest get 503 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => postGenerate(app, newRequest())));
    const admitted = answers.filter((r) => r.status === 202).length;
    const refused = answers.filter((r) => r.status === 503);
    // On a loaded two-core machine DynamoDB Local may be slower than the client timeout for a few:
    // those are 503 storage_unavailable (nothing admitted), the others 503 busy. Never more than the cap.
    expect(admitted).toBeLessThanOrEqual(20);
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted + refused.length).toBe(40);
    for (const r of refused) expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    const codes = new Set(await Promise.all(refused.map(async (r) => ((await r.json()) as { error: { code: string } }).error.code)));
    expect([...codes].every((c) => c === 'busy' || c === 'storage_unavailable')).toBe(true);
    expect(await slots()).toBe(admitted);
  });

  it('a cancelled job gives its slot back', async () => {
    const before = await slots();
    const [job] = await openJobs(1);
    if (!job) throw new Error('no open job');
    expect((await app.api(`/api/generate/${job.jobId}?userId=${job.userId}`, { method: 'DELETE' })).status).toBe(202);
    expect(await slots()).toBe(before - 1);
    // The count is the queue: as many slots taken as jobs waiting.
    expect(await slots()).toBe((await activeJobs(100)).length);
  });
});

describe('atomic hourly caps', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startWithoutWorkers({ ...freshWindow().env, GEN_QUEUE_CAP: '50', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '5' });
  });
  afterAll(async () => app?.stop());

  it('20 parallel requests from one address with an hourly cap of 5 admit 5; the rest get 429', { timeout: 120_000 }, async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => postGenerate(app, newRequest())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

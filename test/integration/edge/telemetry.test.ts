import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // As `npm start` runs: metrics on, printed to the console (POWERTOOLS_DEV), no AWS.
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_DEV = 'true';
});

import { apiFunctionId } from '../../../infra/lib/lambda-functions';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The twin of test/unit/lambdas/telemetry.test.ts: the deployed forms function, DynamoDB Local, the
 * EMF lines it prints (its process's output, as CloudWatch Logs would receive it).
 */
describe('metrics printed by the local runtime', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await startTestApp({
      env: { FORMS_RATE_LIMIT_PER_MINUTE: '0', FORMS_RATE_LIMIT_PER_HOUR: '0', NOTIFY_EMAIL: '', LOG_LEVEL: 'SILENT' },
    });
    app.deployment.fn(apiFunctionId('forms')).output.add((line) => lines.push(line));
  });
  afterAll(async () => {
    // Back to the test config's quiet setting for later files in this worker.
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    delete process.env.POWERTOOLS_DEV;
    await app?.stop();
  });
  const emf = () => lines.filter((l) => l.includes('CloudWatchMetrics')).map((l) => JSON.parse(l) as Record<string, unknown>);
  const post = (body: unknown) =>
    app.api('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('prints a refusal by reason and a form submission by type as EMF', async () => {
    expect((await post({ firstName: '' })).status).toBe(400);
    const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A long enough message.' };
    expect((await post(valid)).status).toBe(201);
    expect(emf()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Refusals: 1, reason: 'validation_failed', service: 'artloom' }),
        expect.objectContaining({ FormSubmissions: 1, form: 'contact' }),
      ]),
    );
  });
});

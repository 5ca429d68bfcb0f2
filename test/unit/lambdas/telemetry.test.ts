import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Metrics print to the global console (POWERTOOLS_DEV) so the test can read the EMF lines.
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_DEV = 'true';
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as contact } from '../../../lambdas/handlers/forms/post-contact';
import { logger } from '../../../lambdas/lib/logger';
import { handler as recordJob } from '../../../lambdas/steps/record-job';
import { apiEvent, lambdaContext } from '../../fixtures/api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const log = vi.spyOn(console, 'log').mockImplementation(() => {});

/** The EMF documents printed so far: `{ _aws: { CloudWatchMetrics: [...] }, <metric>: value, <dimension>: value }`. */
function emf(): Record<string, unknown>[] {
  return log.mock.calls
    .map((c) => String(c[0]))
    .filter((line) => line.includes('CloudWatchMetrics'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const contactBody = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Hello',
  message: 'A long enough message.',
};

describe('telemetry', () => {
  beforeEach(() => {
    ddb.reset();
    ddb.on(UpdateCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    log.mockClear();
  });
  afterAll(() => {
    log.mockRestore();
    // Back to the test config's quiet setting for later files in this worker.
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    delete process.env.POWERTOOLS_DEV;
  });

  it('counts a refusal under the Artloom namespace with its error code as the reason', async () => {
    const result = await contact(apiEvent({ method: 'POST', route: '/api/contact', body: { firstName: '' } }), lambdaContext());
    expect(result.statusCode).toBe(400);
    const [doc] = emf();
    expect(doc).toMatchObject({ Refusals: 1, reason: 'validation_failed', service: 'artloom' });
    expect(JSON.stringify(doc?._aws)).toContain('"Namespace":"Artloom"');
  });

  it('counts an accepted form submission by form type', async () => {
    const result = await contact(apiEvent({ method: 'POST', route: '/api/contact', body: contactBody }), lambdaContext());
    expect(result.statusCode).toBe(201);
    expect(emf()).toContainEqual(expect.objectContaining({ FormSubmissions: 1, form: 'contact' }));
  });

  it('publishes through Powertools logMetrics: an invocation that counted nothing prints no EMF and no warning', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    ddb.on(GetCommand).resolves({ Item: { pk: 'job#j1', sk: 'job', status: 'queued' } });
    const job = { jobId: 'j1', userId: 'u1', prompt: 'a fox', aspectRatio: '1:1', width: 1024, height: 1024 };
    await recordJob({ job, limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 600 } }, lambdaContext());
    expect(emf()).toEqual([]);
    const warnings = [...warn.mock.calls, ...consoleWarn.mock.calls].map((c) => String(c[0]));
    expect(warnings).not.toContainEqual(expect.stringContaining('No application metrics'));
    warn.mockRestore();
    consoleWarn.mockRestore();
  });

  it('gives a step the Lambda context and lets its errors through to the state machine', async () => {
    await expect(recordJob({ not: 'a job' }, lambdaContext())).rejects.toThrow();
    // The local runner calls steps with the input only.
    await expect(recordJob({ not: 'a job' })).rejects.toThrow();
  });
});

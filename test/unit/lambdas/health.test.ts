import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_BUDGET_MAX_MS, probeBudgetMs } from '../../../lambdas/adapters/health-probe';
import { handler } from '../../../lambdas/handlers/system/get-health';
import { lambdaContext as contextWithin } from '../../../local/apigw-event';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

describe('health handler', () => {
  beforeEach(() => {
    ddb.reset();
    s3.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports every dependency up with 200', async () => {
    ddb.on(GetCommand).resolves({});
    s3.on(HeadBucketCommand).resolves({});
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      ok: true,
      safety: {
        layers: [
          { name: 'words', runs: true, detail: expect.any(String) },
          { name: 'model', runs: true, detail: expect.stringContaining('text classifier') },
          { name: 'guardrail', runs: false, detail: expect.stringContaining('off') },
          { name: 'image check', runs: true, detail: 'nsfwjs MobileNetV2 (tfjs-wasm), in the GPU worker' },
        ],
        imageCheck: 'nsfwjs MobileNetV2 (tfjs-wasm), in the GPU worker',
      },
      dependencies: { dynamodb: { ok: true, state: 'up' }, s3: { ok: true, state: 'up' } },
    });
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({ Key: { pk: 'health', sk: 'health' } });
  });

  it('answers 503 and names the failing dependency', async () => {
    ddb.on(GetCommand).resolves({});
    s3.on(HeadBucketCommand).rejects(Object.assign(new Error('no bucket'), { name: 'NotFound' }));
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({ ok: false, dependencies: { s3: { ok: false, state: 'down', error: 'NotFound' } } });
  });

  it('counts a dependency as down only when two tries in a row fail', async () => {
    ddb
      .on(GetCommand)
      .rejectsOnce(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }))
      .resolves({});
    s3.on(HeadBucketCommand).resolves({});
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    expect(s3.commandCalls(HeadBucketCommand)).toHaveLength(1);
  });

  it('answers its own shape before the deadline when a store is stalled: the dependency marked timeout', async () => {
    // A stalled store (DynamoDB Local under SIGSTOP): the request never answers.
    ddb.on(GetCommand).callsFake(() => new Promise(() => {}));
    s3.on(HeadBucketCommand).resolves({});
    // The deadline, the budgets and the tries run on fake timers and the clock: no wall time waited.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started = Date.now();
    let ms = Number.POSITIVE_INFINITY;
    const answer = handler(apiEvent({ path: '/api/health' }), contextWithin('test', 2000)).finally(() => {
      ms = Date.now() - started;
    });
    await vi.advanceTimersByTimeAsync(2000);
    vi.useRealTimers();
    const result = await answer;
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result)).toMatchObject({
      ok: false,
      renderer: expect.any(String),
      safety: expect.any(Object),
      dependencies: { dynamodb: { ok: false, state: 'timeout' }, s3: { ok: true, state: 'up' } },
    });
    // The budget is 30 % of the 2 s left (600 ms): the first try gets two thirds of it, too little is left for a second.
    expect(ms).toBeGreaterThanOrEqual(380);
    expect(ms).toBeLessThan(900);
  });

  it('takes each dependency’s budget from the remaining time, capped well under the function’s deadline', () => {
    expect(probeBudgetMs(10_000)).toBe(PROBE_BUDGET_MAX_MS);
    expect(probeBudgetMs(2000)).toBe(600);
    expect(probeBudgetMs(50)).toBe(200);
    expect(PROBE_BUDGET_MAX_MS).toBeLessThan(10_000 / 2);
  });
});

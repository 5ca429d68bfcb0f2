import { StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { stagingJobId, stagingKey } from '../../../lambdas/adapters/job-staging';
import { handler as getJob } from '../../../lambdas/handlers/generate/get-job';
import { pictureId, stagingName } from '../../../lambdas/lib/picture-id';
import { estimateEta } from '../../../lambdas/services/eta';
import type { ImageCheckResult } from '../../../shared/image-check';
import { uuidSchema } from '../../../shared/schemas/common';
import { generateRequestSchema } from '../../../shared/schemas/generation';
import { MAX_VARIANTS, variantSeed } from '../../../shared/variants';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { cancel, cancelled, ddb, type ErrorBody, IP, JOB, mockGenerationApi, post, request, sfn, USER } from './generate-api';

/** Variants (issue 32 item 1), the API side: the count's bounds, one quota unit a picture, refunds, seeds, ids, the ETA. */

// Presigning needs credentials, never a call: the unit tests sign with dummy ones.
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';

mockGenerationApi(['GEN_USER_HOURLY', 'GEN_IP_HOURLY']);
beforeEach(() => {
  sfn.on(StopExecutionCommand).resolves({ stopDate: new Date() });
});

/** Picture `index` as the worker staged it (worker/pictures.ts): its staging object, seed and check. */
const staged = (index: number, seed: number, imageCheck: ImageCheckResult = { verdict: 'ok', by: 'x', reasons: [] }) => ({
  index,
  stagingKey: stagingKey(stagingName(JOB, index)),
  seed,
  imageCheck,
});

/** The record of USER's job of `count` pictures, `made` of them staged. */
const jobOf = (status: string, count: number, made: number) => ({
  jobId: JOB,
  userId: USER,
  status,
  count,
  createdAt: new Date().toISOString(),
  sourceIp: IP,
  pictures: Array.from({ length: made }, (_, index) => staged(index, index)),
});

/** The refund transaction the cancel wrote (quota.ts refundCancelledJob), if any. */
const refundOfCancel = () =>
  ddb
    .commandCalls(TransactWriteCommand)
    .map((c) => c.args[0].input.TransactItems ?? [])
    .find((items) => items[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');

describe('count', () => {
  it('takes 1..MAX_VARIANTS whole pictures, absent is 1 (the job carries none)', () => {
    for (const count of [1, 2, 3, 4]) expect(generateRequestSchema.safeParse(request({ count })).success).toBe(true);
    for (const count of [0, -1, 5, 2.5, '4', null]) expect(generateRequestSchema.safeParse(request({ count })).success).toBe(false);
    expect(MAX_VARIANTS).toBe(4);
  });

  it('400 naming count for 5', async () => {
    const result = await post(request({ count: 5 }));
    expect(result.statusCode).toBe(400);
    expect((bodyOf(result) as ErrorBody).error.fields?.count).toMatch(/between 1 and 4/);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('quota: one unit a picture', () => {
  it('a job of 4 counts 4 in each hourly cap in its creating transaction, and hands count to the flow', async () => {
    process.env.GEN_USER_HOURLY = '10';
    process.env.GEN_IP_HOURLY = '20';
    expect((await post(request({ count: 4 }))).statusCode).toBe(202);
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.Item?.count).toBe(4);
    expect(
      items.slice(4).map((i) => [i.Update?.ExpressionAttributeValues?.[':one'], i.Update?.ExpressionAttributeValues?.[':room']]),
    ).toEqual([
      [4, 6],
      [4, 16],
    ]);
    const input = JSON.parse(sfn.commandCalls(StartExecutionCommand)[0]?.args[0].input.input ?? '{}');
    expect(input.job.count).toBe(4);
  });

  it('refused whole with how many are left when the count does not fit (429, nothing charged)', async () => {
    process.env.GEN_USER_HOURLY = '5';
    ddb.on(TransactWriteCommand).rejects(cancelled(4));
    ddb
      .on(GetCommand)
      .callsFake((input: { Key: { pk: string } }) => (input.Key.pk === `rl#gen-user#${USER}` ? { Item: { count: 3 } } : {}));
    const result = await post(request({ count: 4 }));
    expect(result.statusCode).toBe(429);
    expect((bodyOf(result) as ErrorBody).error).toMatchObject({
      code: 'rate_limited',
      message: 'You can make 2 more pictures this hour; ask for 2 or fewer.',
    });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('a count over the whole cap is refused before anything is written', async () => {
    process.env.GEN_USER_HOURLY = '3';
    const result = await post(request({ count: 4 }));
    expect(result.statusCode).toBe(429);
    expect((bodyOf(result) as ErrorBody).error.message).toBe('You can make 3 more pictures this hour; ask for 3 or fewer.');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a job of 4 that cannot start gives all 4 back', async () => {
    process.env.GEN_USER_HOURLY = '10';
    sfn.on(StartExecutionCommand).rejects(new Error('throttled'));
    expect((await post(request({ count: 4 }))).statusCode).toBe(503);
    const refund = ddb.commandCalls(TransactWriteCommand)[2]?.args[0].input.TransactItems ?? [];
    expect(refund[0]?.Update?.UpdateExpression).toBe('SET refundedAt = :now');
    expect(refund[1]?.Update).toMatchObject({
      Key: { pk: `rl#gen-user#${USER}` },
      ExpressionAttributeValues: { ':minus': -4, ':amount': 4 },
    });
  });

  it('a cancel gives back the pictures not made yet: 4 asked, 1 staged → 3, on condition the job ended cancelled', async () => {
    process.env.GEN_USER_HOURLY = '10';
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: jobOf('generating', 4, 1) });
    const result = await cancel();
    expect(result.statusCode).toBe(202);
    const refund = refundOfCancel();
    expect(refund?.[0]?.Update?.ConditionExpression).toContain('#status = :cancelled');
    expect(refund?.[1]?.Update).toMatchObject({ Key: { pk: `rl#gen-user#${USER}` }, ExpressionAttributeValues: { ':minus': -3 } });
  });
});

describe('a cancel keeps one unit at least', () => {
  const cancelWith = async (count: number, made: number) => {
    process.env.GEN_USER_HOURLY = '10';
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: jobOf('queued', count, made) });
    await cancel();
    return refundOfCancel();
  };

  it('4 asked, none made: 3 back (start-and-cancel is never free); 1 asked: nothing back, as before variants', async () => {
    expect((await cancelWith(4, 0))?.[1]?.Update?.ExpressionAttributeValues?.[':minus']).toBe(-3);
    ddb.resetHistory();
    expect(await cancelWith(1, 0)).toBeUndefined();
  });
});

describe('seeds and ids', () => {
  it('picture i gets the job seed plus i; ids: picture 0 the job id, the others derived UUIDs, the same every time', () => {
    expect([0, 1, 2, 3].map((i) => variantSeed(100, i))).toEqual([100, 101, 102, 103]);
    expect(variantSeed(Number.MAX_SAFE_INTEGER, 1)).toBe(0);
    expect(pictureId(JOB, 0)).toBe(JOB);
    const ids = [1, 2, 3].map((i) => pictureId(JOB, i));
    expect(new Set([JOB, ...ids]).size).toBe(4);
    for (const id of ids) expect(uuidSchema.safeParse(id).success).toBe(true);
    expect([1, 2, 3].map((i) => pictureId(JOB, i))).toEqual(ids);
    // Staging names keep the job: the reconciler's sweep finds its record.
    expect(stagingJobId(`staging/${JOB}.png`)).toBe(JOB);
    expect(stagingJobId(`staging/${JOB}.3.png`)).toBe(JOB);
  });
});

describe('the job status of a running job of several pictures', () => {
  const running = {
    jobId: JOB,
    userId: USER,
    prompt: 'A colorful sunset over the ocean',
    aspectRatio: '16:9',
    width: 1280,
    height: 720,
    status: 'generating',
    percent: 40,
    message: 'Generating… 40%',
    count: 4,
    createdAt: new Date().toISOString(),
    pickedAt: new Date().toISOString(),
    pictures: [staged(1, 11), staged(0, 10), staged(2, 12, { verdict: 'flagged', by: 'x', reasons: ['nsfw'] })],
  };
  const read = (userId?: string) =>
    getJob(
      apiEvent({ path: `/api/generate/${JOB}`, pathParameters: { jobId: JOB }, ...(userId ? { query: { userId } } : {}) }),
      lambdaContext(),
    );

  it('its author gets the finished pictures in index order (held-back ones once stored), the first as image', async () => {
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: running });
    const body = bodyOf(await read(USER)) as { count: number; images: { id: string; seed: number; url: string }[]; image?: { id: string } };
    expect(body.count).toBe(4);
    expect(body.images.map((i) => [i.id, i.seed])).toEqual([
      [JOB, 10],
      [pictureId(JOB, 1), 11],
    ]);
    expect(body.images[1]?.url).toContain(`staging/${JOB}.1.png`);
    expect(body.image?.id).toBe(JOB);
  });

  it('anyone else gets none of them', async () => {
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: running });
    for (const reader of [undefined, '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d']) {
      const body = bodyOf(await read(reader)) as { images: unknown[]; image?: unknown };
      expect(body.images).toEqual([]);
      expect(body.image).toBeUndefined();
    }
  });

  it('the ETA grows with the count: each further picture ≈ 0.9 of the first', () => {
    const eta = (count: number) =>
      estimateEta({ status: 'queued', percent: 0, count, warm: true, history: { coldStartMs: [], generationMs: [10_000] } });
    expect(eta(1)).toBe(10);
    expect(eta(2)).toBe(19);
    expect(eta(4)).toBe(37);
  });
});

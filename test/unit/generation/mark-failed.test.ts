import { DeleteCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { markFailed } from '../../../lambdas/services/jobs';
import { windowOf } from '../../../lambdas/services/rate-limit';

/**
 * MarkFailed gives back the hourly count of a job that failed through no doing of the visitor's
 * (issue 30, docs/safety.md "Quota refunds"), once however often it runs, in the windows the job
 * was counted in; the visitor's own Cancel keeps it.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const JOB = '7d8e9f00-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const USER = '3f0b9a8e-6a43-4f7c-9d1e-2b7c1f0e9a11';
const IP = '198.51.100.23';
const CREATED = '2026-03-01T10:20:00.000Z';

const input = (error: string) => ({
  job: { jobId: JOB, userId: USER, prompt: 'a fox', aspectRatio: '4:3', width: 1024, height: 768 },
  error: { Error: error, Cause: 'detail' },
});
const record = { jobId: JOB, userId: USER, status: 'failed', createdAt: CREATED, updatedAt: CREATED, sourceIp: IP };

/** The refund transactions sent: each one's items, the job's mark first. */
const refunds = () =>
  ddb
    .commandCalls(TransactWriteCommand)
    .map((c) => c.args[0].input.TransactItems ?? [])
    .filter((items) => items[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  ddb.reset();
  resetConfig();
  ddb.on(GetCommand).resolves({ Item: record });
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
});

describe('MarkFailed and the hourly quota', () => {
  it.each([
    'States.HeartbeatTimeout',
    'States.Timeout',
    'NoGpuCapacity',
    'ComfyUnreachable',
    'ComfyExecutionError',
    'UploadFailed',
    'WorkerLost',
    'States.TaskFailed',
  ])('gives the count back after %s, in the windows the job was counted in', async (error) => {
    await markFailed(input(error));
    const [refund, ...more] = refunds();
    expect(more).toHaveLength(0);
    // Only a job not refunded yet, and not ended done or cancelled, is refunded (the transaction's condition).
    expect(refund?.[0]?.Update).toMatchObject({
      Key: { pk: `job#${JOB}`, sk: 'job' },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(refundedAt) AND NOT #status IN (:done, :cancelled)',
    });
    const windowStart = String(windowOf({ windowSeconds: 3600 }, Date.parse(CREATED)).windowStart);
    expect(refund?.slice(1).map((i) => i.Update?.Key)).toEqual([
      { pk: `rl#gen-user#${USER}`, sk: windowStart },
      { pk: `rl#gen-ip#${IP}`, sk: windowStart },
    ]);
    expect(refund?.[1]?.Update?.ExpressionAttributeValues).toMatchObject({ ':minus': -1 });
  });

  it('records a task timeout before any worker took the job as no GPU in time (NoGpuCapacity), after one as a timeout', async () => {
    // The job's own update (its message and error), the latest one: alone, or in the transaction that leaves the queue.
    const message = () =>
      [
        ...ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues),
        ...ddb
          .commandCalls(TransactWriteCommand)
          .flatMap((c) => (c.args[0].input.TransactItems ?? []).map((i) => i.Update?.ExpressionAttributeValues)),
      ]
        .map((values) => JSON.stringify(values ?? {}))
        .filter((values) => values.includes('":error"'))
        .at(-1) ?? '';
    await markFailed(input('States.Timeout'));
    expect(message()).toContain('No GPU became available in time');
    expect(message()).toContain('NoGpuCapacity: detail');
    ddb.on(GetCommand).resolves({ Item: { ...record, pickedAt: '2026-03-01T10:21:00.000Z' } });
    await markFailed(input('States.Timeout'));
    expect(message()).toContain('No GPU worker finished the job in time');
    expect(message()).toContain('States.Timeout: detail');
  });

  it('keeps the count when the visitor cancelled', async () => {
    await markFailed(input('JobCancelled'));
    expect(refunds()).toHaveLength(0);
  });

  it('run twice, gives it back once: the second run finds the job already refunded', async () => {
    await markFailed(input('States.HeartbeatTimeout'));
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    await expect(markFailed(input('States.HeartbeatTimeout'))).resolves.toMatchObject({ reason: expect.any(String) });
    // Both runs asked; DynamoDB's condition let only the first one through (the second was cancelled whole).
    expect(refunds()).toHaveLength(2);
  });

  it('leaves out a window whose count is already gone, and still gives back the other', async () => {
    // The refund (before the job shows failed): the user's window is gone, the network's is not.
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'))
      .resolves({});
    await markFailed(input('ComfyUnreachable'));
    const sent = refunds();
    expect(sent.map((items) => items.length)).toEqual([3, 2]);
    expect(sent[1]?.[1]?.Update?.Key?.pk).toBe(`rl#gen-ip#${IP}`);
  });
});

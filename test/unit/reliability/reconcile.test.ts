import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { imageKeys, privateImageKeys, sizedThumbnailKey } from '../../../lambdas/adapters/image-bucket';
import { resetConfig } from '../../../lambdas/lib/config';
import { pictureId } from '../../../lambdas/lib/picture-id';
import { LOST_JOB_MESSAGE, OVERDUE_JOB_MESSAGE, reconcile } from '../../../lambdas/services/reconcile';

const ddb = mockClient(DynamoDBDocumentClient);
const sfn = mockClient(SFNClient);
const s3 = mockClient(S3Client);
const JOB = '7d8e9f00-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const USER = '3f0b9a8e-6a43-4f7c-9d1e-2b7c1f0e9a11';

const openJob = (createdAt: string, status = 'generating') => ({
  jobId: JOB,
  userId: USER,
  requestId: 'req-0001-abcd',
  status,
  createdAt,
  updatedAt: createdAt,
  sourceIp: '198.51.100.23',
});

/** The job status written by the reconciler (through the queue-leaving transaction or a plain update). */
function writtenStatus(): { status?: unknown; message?: unknown } {
  const values = [
    ...ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems?.[0]?.Update?.ExpressionAttributeValues),
    ...ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues),
  ].find((v) => v?.[':status']);
  return { status: values?.[':status'], message: values?.[':message'] };
}

/** A job of four pictures (variants) the worker staged, whose StoreImage stopped: its execution failed. */
const fourPictureJob = () => ({
  ...openJob(new Date(Date.now() - 120_000).toISOString(), 'saving'),
  count: 4,
  pictures: [0, 1, 2, 3].map((index) => ({
    index,
    stagingKey: index ? `staging/${JOB}.${index}.png` : `staging/${JOB}.png`,
    seed: 7 + index,
    imageCheck: { verdict: 'ok', by: 'nsfwjs', reasons: [] },
  })),
});

/** Every object picture `index` of JOB may have: its staging PNG and each place StoreImage writes. */
function pictureObjects(index: number): string[] {
  const id = pictureId(JOB, index);
  const own = privateImageKeys(id);
  const pub = imageKeys(id);
  const staging = index ? `staging/${JOB}.${index}.png` : `staging/${JOB}.png`;
  return [staging, own.original, own.thumbnail, pub.original, pub.thumbnail, sizedThumbnailKey(id, 256), sizedThumbnailKey(id, 384)];
}

/** A running job is not in the queue: the update that would give a queue slot back is refused (jobs-table.ts leaveQueue). */
function notQueued() {
  const refused = Object.assign(new Error('not queued'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });
  ddb.on(TransactWriteCommand).callsFake((input: { TransactItems?: { Update?: { Key?: Record<string, unknown> } }[] }) => {
    if (String(input.TransactItems?.[1]?.Update?.Key?.pk).startsWith('queue#')) throw refused;
    return {};
  });
}

const deletedKeys = () => s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key);

describe('reconciler service', () => {
  beforeEach(() => {
    for (const m of [ddb, sfn, s3]) m.reset();
    resetConfig();
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(GetCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    s3.on(ListObjectsV2Command).resolves({ Contents: [] });
    s3.on(DeleteObjectCommand).resolves({});
  });

  it('leaves a job whose execution is running and within its deadline', async () => {
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } })
      .resolves({ Items: [openJob(new Date(Date.now() - 60_000).toISOString())] });
    sfn.on(DescribeExecutionCommand).resolves({ status: 'RUNNING' });
    const report = await reconcile({ changedBefore: new Date() });
    expect(report).toMatchObject({ checked: 1, done: [], failed: [] });
    expect(sfn.commandCalls(StopExecutionCommand)).toHaveLength(0);
  });

  it('stops and fails a running job past its deadline, with the plain message', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: [openJob('2020-01-01T00:00:00.000Z')] });
    sfn.on(DescribeExecutionCommand).resolves({ status: 'RUNNING' });
    sfn.on(StopExecutionCommand).resolves({});
    const report = await reconcile({ changedBefore: new Date() });
    expect(report.failed).toEqual([JOB]);
    expect(sfn.commandCalls(StopExecutionCommand)[0]?.args[0].input.executionArn).toMatch(
      new RegExp(`:execution:artloom-generation:${JOB}$`),
    );
    expect(writtenStatus()).toEqual({ status: 'failed', message: OVERDUE_JOB_MESSAGE });
    // Lock released, staging and half-stored objects removed.
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({ pk: `inflight#${USER}`, sk: 'lock' });
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input.Key).toBe(`staging/${JOB}.png`);
  });

  it('fails a queued job whose execution is gone and refunds its hourly counts', async () => {
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':g': 'active' } })
      .resolves({ Items: [openJob(new Date(Date.now() - 120_000).toISOString(), 'queued')] });
    sfn.on(DescribeExecutionCommand).rejects(Object.assign(new Error('gone'), { name: 'ExecutionDoesNotExist' }));
    const report = await reconcile({ changedBefore: new Date() });
    expect(report.failed).toEqual([JOB]);
    expect(writtenStatus()).toEqual({ status: 'failed', message: LOST_JOB_MESSAGE });
    // Given back once: the job's refund mark and the decrements in one transaction (quota.ts refundJob).
    const refunds = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? [])
      .filter((items) => items[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.slice(1).map((i) => i.Update?.Key?.pk)).toEqual([`rl#gen-user#${USER}`, 'rl#gen-ip#198.51.100.23']);
  });

  it('skips a job changed after the cut-off (it may be between its record and its execution)', async () => {
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':g': 'active' } })
      .resolves({ Items: [openJob(new Date().toISOString(), 'queued')] });
    const report = await reconcile({ changedBefore: new Date(Date.now() - 60_000) });
    expect(report.checked).toBe(0);
    expect(sfn.commandCalls(DescribeExecutionCommand)).toHaveLength(0);
  });

  it('clears every picture of a 4-picture job whose store failed, and a second run removes and refunds nothing more', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: [fourPictureJob()] });
    notQueued();
    sfn.on(DescribeExecutionCommand).resolves({ status: 'FAILED', error: 'States.TaskFailed' });
    const report = await reconcile({ changedBefore: new Date() });
    expect(report.failed).toEqual([JOB]);
    expect(writtenStatus()).toEqual({ status: 'failed', message: LOST_JOB_MESSAGE });
    const every = [0, 1, 2, 3].flatMap(pictureObjects);
    expect(new Set(deletedKeys())).toEqual(new Set(every));
    const refunds = () =>
      ddb
        .commandCalls(TransactWriteCommand)
        .filter((c) => c.args[0].input.TransactItems?.[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');
    expect(refunds()).toHaveLength(1);

    // A second run (or one beside it) still finds the job listed: the first ended it, so its update's
    // condition fails; deleting objects already gone succeeds, and nothing is refunded twice.
    ddb.on(UpdateCommand).rejects(Object.assign(new Error('ended'), { name: 'ConditionalCheckFailedException' }));
    s3.resetHistory();
    const again = await reconcile({ changedBefore: new Date() });
    expect(again).toMatchObject({ checked: 1, done: [], failed: [] });
    expect(new Set(deletedKeys())).toEqual(new Set(every));
    expect(refunds()).toHaveLength(1);
  });

  it('ends a job done when its first pictures were stored, listing them, and clears only the pictures it did not store', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: [fourPictureJob()] });
    notQueued();
    for (const index of [0, 1]) {
      const id = pictureId(JOB, index);
      ddb.on(GetCommand, { Key: { pk: `img#${id}`, sk: 'img' } }).resolves({ Item: { pk: `img#${id}`, sk: 'img', id, owner: 'user' } });
    }
    sfn.on(DescribeExecutionCommand).resolves({ status: 'FAILED', error: 'States.TaskFailed' });
    const report = await reconcile({ changedBefore: new Date() });
    expect(report.done).toEqual([JOB]);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues;
    expect(update).toMatchObject({ ':status': 'done', ':imageId': JOB, ':imageIds': [pictureId(JOB, 0), pictureId(JOB, 1)] });
    const staging = [0, 1].map((i) => pictureObjects(i)[0]);
    expect(new Set(deletedKeys())).toEqual(new Set([...staging, ...[2, 3].flatMap(pictureObjects)]));
    // The two pictures it did not make are given back (2 units from each count), while the job was still open.
    const refunds = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? [])
      .filter((items) => items[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.[0]?.Update?.ConditionExpression).toContain('NOT #status IN (:done, :cancelled)');
    expect(refunds[0]?.slice(1).map((i) => [i.Update?.Key?.pk, i.Update?.ExpressionAttributeValues?.[':minus']])).toEqual([
      [`rl#gen-user#${USER}`, -2],
      ['rl#gen-ip#198.51.100.23', -2],
    ]);
  });

  it('gives nothing back for a job that stored every picture it asked', async () => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: [fourPictureJob()] });
    notQueued();
    for (const index of [0, 1, 2, 3]) {
      const id = pictureId(JOB, index);
      ddb.on(GetCommand, { Key: { pk: `img#${id}`, sk: 'img' } }).resolves({ Item: { pk: `img#${id}`, sk: 'img', id, owner: 'user' } });
    }
    sfn.on(DescribeExecutionCommand).resolves({ status: 'SUCCEEDED' });
    const report = await reconcile({ changedBefore: new Date() });
    expect(report.done).toEqual([JOB]);
    const refunds = ddb
      .commandCalls(TransactWriteCommand)
      .filter((c) => c.args[0].input.TransactItems?.[0]?.Update?.UpdateExpression === 'SET refundedAt = :now');
    expect(refunds).toHaveLength(0);
  });
});

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
import { resetConfig } from '../../../lambdas/lib/config';
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
});

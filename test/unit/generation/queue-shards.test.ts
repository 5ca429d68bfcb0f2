import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJob, JobConflictError } from '../../../lambdas/adapters/job-admission';
import { repairQueueCount } from '../../../lambdas/adapters/job-lists';
import type { JobItem } from '../../../lambdas/adapters/jobs-table';
import { jobIdInShard, QUEUE_SHARDS, queueShardKey, queueShardOf, shardCap, shardOrder } from '../../../lambdas/adapters/queue-shards';

// The jobs table's client, for the admission and the repair below.
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
  process.env.JOBS_TABLE = 'jobs';
});
afterEach(() => ddb.reset());

describe('queue shards (issue 31 item 6)', () => {
  it('a job id always falls in the same shard, and random ids spread over all of them', () => {
    const counts = new Array<number>(QUEUE_SHARDS).fill(0);
    for (let i = 0; i < 4000; i++) {
      const id = randomUUID();
      const shard = queueShardOf(id);
      expect(queueShardOf(id)).toBe(shard);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    // 1,000 expected per shard; a fair hash stays well inside ±15 %.
    for (const c of counts) expect(c).toBeGreaterThan(850);
    for (const c of counts) expect(c).toBeLessThan(1150);
    // FNV-1a 32: the published value for "a" is 0xe40c292c.
    expect(queueShardOf('a', 2 ** 31)).toBe(0xe40c292c % 2 ** 31);
  });

  it('the shards share the cap exactly, the remainder to the first ones', () => {
    for (const cap of [1, 2, 3, 4, 5, 20, 21, 23, 100]) {
      const shares = Array.from({ length: QUEUE_SHARDS }, (_, i) => shardCap(cap, QUEUE_SHARDS, i));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cap);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    expect(Array.from({ length: 4 }, (_, i) => shardCap(6, 4, i))).toEqual([2, 2, 1, 1]);
    expect(Array.from({ length: 4 }, (_, i) => shardCap(2, 4, i))).toEqual([1, 1, 0, 0]);
  });

  it('a fresh id is drawn in the shard asked for', () => {
    for (let shard = 0; shard < QUEUE_SHARDS; shard++) expect(queueShardOf(jobIdInShard(shard))).toBe(shard);
    const ids = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8'];
    const wanted = queueShardOf('x5');
    let drawn = 0;
    expect(jobIdInShard(wanted, QUEUE_SHARDS, () => ids[drawn++] ?? randomUUID())).toBe(ids.find((id) => queueShardOf(id) === wanted));
  });

  it('admission tries the id’s own shard first, then every other shard once', () => {
    expect(shardOrder(2, 4, () => 0)).toEqual([2, 0, 1, 3]);
    expect(shardOrder(0, 4, () => 0.99)).toEqual([0, 3, 1, 2]);
    for (let first = 0; first < 4; first++) {
      const order = shardOrder(first, 4);
      expect(order[0]).toBe(first);
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
    }
  });
});

describe('createJob over the shards', () => {
  const job = (): JobItem => ({
    jobId: randomUUID(),
    userId: 'u1',
    requestId: randomUUID(),
    prompt: 'a red fox',
    aspectRatio: '1:1',
    width: 1024,
    height: 1024,
    status: 'queued',
    percent: 0,
    message: 'Queued…',
    createdAt: '2026-11-28T12:00:00.000Z',
    updatedAt: '2026-11-28T12:00:00.000Z',
  });
  // The queue slot is the transaction's fourth item (index 3): ConditionalCheckFailed there is "this shard is full".
  const full = () =>
    new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
  const slotKeys = () => ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems?.[3]?.Update?.Key);

  it('takes a place in the id’s own shard, with that shard’s share of the cap, and keeps the id', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const asked = job();
    const created = await createJob(asked, undefined, { queueCap: 6, counts: [] });
    expect(created.jobId).toBe(asked.jobId);
    const shard = queueShardOf(asked.jobId);
    expect(slotKeys()).toEqual([queueShardKey(shard)]);
    const slot = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[3]?.Update;
    expect(slot?.ExpressionAttributeValues?.[':cap']).toBe(shardCap(6, QUEUE_SHARDS, shard));
  });

  it('a full shard sends the job to another, under a fresh id in it; every record of the job carries that id', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(full()).resolves({});
    const asked = job();
    const created = await createJob(asked, undefined, { queueCap: 8, counts: [] });
    const [firstKey, secondKey] = slotKeys();
    expect(firstKey).toEqual(queueShardKey(queueShardOf(asked.jobId)));
    expect(secondKey).not.toEqual(firstKey);
    expect(created.jobId).not.toBe(asked.jobId);
    expect(secondKey).toEqual(queueShardKey(queueShardOf(created.jobId)));
    const items = ddb.commandCalls(TransactWriteCommand)[1]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.Item).toMatchObject({ jobId: created.jobId, pk: `job#${created.jobId}` });
    expect(items[1]?.Put?.Item?.jobId).toBe(created.jobId);
    expect(items[2]?.Put?.Item?.jobId).toBe(created.jobId);
  });

  it('refused queue_full only when every shard with places is full; a shard with no share is never asked', async () => {
    ddb.on(TransactWriteCommand).rejects(full());
    // A cap of 2 over 4 shards: shards 2 and 3 have no place (shardCap), so two transactions, both refused.
    const refused = await createJob(job(), undefined, { queueCap: 2, counts: [] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JobConflictError);
    expect(refused).toMatchObject({ reason: 'queue_full', jobId: undefined });
    expect(slotKeys().sort((a, b) => String(a?.pk).localeCompare(String(b?.pk)))).toEqual([queueShardKey(0), queueShardKey(1)]);
  });

  it('any other refusal ends the attempt at once (the visitor’s lock, a duplicate request)', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    ddb.on(GetCommand).resolves({});
    const err = await createJob(job(), undefined, { queueCap: 20, counts: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobConflictError);
    expect((err as JobConflictError).reason).toBe('job_in_flight');
    expect(slotKeys()).toHaveLength(1);
  });
});

describe('repairQueueCount per shard', () => {
  it('sets a quiet shard that drifted to its queued jobs, leaves a shard that moved lately or agrees', async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    const now = new Date().toISOString();
    const ids = [0, 1, 2].map((shard) => jobIdInShard(shard));
    // Shard 0 counts 3 but holds 1; shard 1 counts 5, holds 1, but moved a moment ago; shard 2 counts 1 and holds 1.
    ddb.on(GetCommand, { Key: queueShardKey(0) }).resolves({ Item: { count: 3, updatedAt: long } });
    ddb.on(GetCommand, { Key: queueShardKey(1) }).resolves({ Item: { count: 5, updatedAt: now } });
    ddb.on(GetCommand, { Key: queueShardKey(2) }).resolves({ Item: { count: 1, updatedAt: long } });
    ddb.on(GetCommand, { Key: queueShardKey(3) }).resolves({});
    ddb.on(QueryCommand).resolves({ Items: ids.map((jobId) => ({ jobId })) });
    ddb.on(UpdateCommand).resolves({});
    expect(await repairQueueCount(60)).toEqual([{ shard: 0, from: 3, to: 1 }]);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update).toMatchObject({
      Key: queueShardKey(0),
      UpdateExpression: 'SET #count = :actual, updatedAt = :now',
      ConditionExpression: '#count = :seen AND updatedAt = :seenAt',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':actual': 1, ':seen': 3, ':seenAt': long },
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    // The counters read strongly, the queued jobs' ids only from the index's `active` group.
    for (const call of ddb.commandCalls(GetCommand)) expect(call.args[0].input.ConsistentRead).toBe(true);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'gsi2',
      ProjectionExpression: 'jobId',
      ExpressionAttributeValues: { ':g': 'active' },
    });
  });

  it('counts two queued jobs of one shard as two; a quiet shard that agrees is left, and nothing changed answers undefined', async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    const two = [jobIdInShard(1), jobIdInShard(1)];
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: queueShardKey(1) }).resolves({ Item: { count: 2, updatedAt: long } });
    ddb.on(QueryCommand).resolves({ Items: two.map((jobId) => ({ jobId })) });
    expect(await repairQueueCount(60)).toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('a shard that moved between the read and the write keeps its count (the condition fails quietly); other errors surface', async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: queueShardKey(2) }).resolves({ Item: { count: 4, updatedAt: long } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb
      .on(UpdateCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'moved', $metadata: {} }))
      .rejectsOnce(new Error('throttled'));
    expect(await repairQueueCount(60)).toBeUndefined();
    await expect(repairQueueCount(60)).rejects.toThrow('throttled');
  });

  it('a shard is quiet only once its count has not moved for the whole quiet time', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: queueShardKey(0) }).resolves({ Item: { count: 1, updatedAt: new Date(Date.now() - 30_000).toISOString() } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(UpdateCommand).resolves({});
    expect(await repairQueueCount(60)).toBeUndefined();
    expect(await repairQueueCount(20)).toEqual([{ shard: 0, from: 1, to: 0 }]);
  });

  it('reads no index when no shard is quiet', async () => {
    ddb.on(GetCommand).resolves({ Item: { count: 2, updatedAt: new Date().toISOString() } });
    expect(await repairQueueCount(60)).toBeUndefined();
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

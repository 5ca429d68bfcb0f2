import { AutoScalingClient, DescribeAutoScalingGroupsCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_SHARDS, queueShardKey, queueShardOf, shardCap } from '../../../lambdas/adapters/queue-shards';
import { handler as getJob } from '../../../lambdas/handlers/generate/get-job';
import { handler as postWarm } from '../../../lambdas/handlers/generate/post-warm';
import { MAX_PROMPT_LENGTH } from '../../../shared/constants';
import { MEANINGFUL_PROMPT_MESSAGE } from '../../../shared/prompt-rule';
import { ASPECT_RATIO_LABELS } from '../../../shared/ratios';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { cancel, cancelled, ddb, type ErrorBody, IP, JOB, mockGenerationApi, post, request, sfn, USER } from './generate-api';

const asg = mockClient(AutoScalingClient);

const OTHER = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

mockGenerationApi(['GEN_QUEUE_CAP', 'GEN_USER_HOURLY', 'GEN_IP_HOURLY', 'GEN_WARM_PER_MINUTE', 'GPU_ASG_NAME', 'GEN_HEARTBEAT_SECONDS']);
beforeEach(() => {
  asg.reset();
});

describe('POST /api/generate', () => {
  it('202 with a job id: job, request key and lock in one transaction, then one execution named after the job', async () => {
    process.env.GEN_HEARTBEAT_SECONDS = '45';
    const result = await post(request());
    expect(result.statusCode).toBe(202);
    const { jobId } = bodyOf(result) as { jobId: string };
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((i) => i.Put?.Item?.pk ?? i.Update?.Key?.pk)).toEqual([
      `job#${jobId}`,
      `req#${USER}#req-0001-abcd`,
      `inflight#${USER}`,
      queueShardKey(queueShardOf(jobId)).pk,
      `rl#gen-user#${USER}`,
      `rl#gen-ip#${IP}`,
    ]);
    // The queue slot and the hourly caps are conditions of the same transaction.
    expect(items[3]?.Update?.ConditionExpression).toBe('attribute_not_exists(#count) OR #count < :cap');
    // GEN_QUEUE_CAP 20 over the queue's shards: this job's shard holds its share (adapters/queue-shards.ts).
    expect(items[3]?.Update?.ExpressionAttributeValues?.[':cap']).toBe(shardCap(20, QUEUE_SHARDS, queueShardOf(jobId)));
    expect(items[0]?.Put?.Item).toMatchObject({
      status: 'queued',
      width: 1280,
      height: 720,
      aspectRatio: '16:9',
      prompt: 'A colorful sunset over the ocean',
    });
    const start = sfn.commandCalls(StartExecutionCommand)[0]?.args[0].input;
    expect(start?.name).toBe(jobId);
    expect(JSON.parse(start?.input ?? '{}')).toEqual({
      job: { jobId, userId: USER, prompt: 'A colorful sunset over the ocean', aspectRatio: '16:9', width: 1280, height: 720 },
      limits: { heartbeatSeconds: 45, taskTimeoutSeconds: 900 },
    });
  });

  it.each(['xx', 'asdfghjkl', '!!!!!!!!', '   '])('400 with the shared prompt-rule message for %j', async (prompt) => {
    const result = await post(request({ prompt }));
    expect(result.statusCode).toBe(400);
    const body = bodyOf(result) as ErrorBody;
    expect(body.error.fields?.prompt).toBe(MEANINGFUL_PROMPT_MESSAGE);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it(`accepts ${MAX_PROMPT_LENGTH} characters and refuses one more`, async () => {
    const long = 'a quiet lake at dawn '.repeat(60).slice(0, MAX_PROMPT_LENGTH);
    expect((await post(request({ prompt: long }))).statusCode).toBe(202);
    const result = await post(request({ prompt: `${long}x`, requestId: 'req-0002-abcd' }));
    expect(result.statusCode).toBe(400);
    expect((bodyOf(result) as ErrorBody).error.fields?.prompt).toBe(`Prompt must be at most ${MAX_PROMPT_LENGTH} characters.`);
  });

  it('takes the six ratios of the table and nothing else', async () => {
    expect(ASPECT_RATIO_LABELS).toHaveLength(6);
    for (const [i, aspectRatio] of ASPECT_RATIO_LABELS.entries())
      expect((await post(request({ aspectRatio, requestId: `req-ratio-${i}` }))).statusCode).toBe(202);
    for (const aspectRatio of ['5:4', '3:2', '', '16:10']) {
      const result = await post(request({ aspectRatio }));
      expect(result.statusCode).toBe(400);
      expect((bodyOf(result) as ErrorBody).error.fields?.aspectRatio).toMatch(/one of 4:3, 16:9, 1:1, 2:3, 2.35:1, 9:16/);
    }
  });

  it.each([['not-a-uuid'], [''], [undefined]])('400 for userId %j', async (userId) => {
    const result = await post(request({ userId }));
    expect(result.statusCode).toBe(400);
    expect((bodyOf(result) as ErrorBody).error.fields).toHaveProperty('userId');
  });

  it('400 for a requestId that is not 8-64 safe characters', async () => {
    for (const requestId of ['short', 'has spaces in it', 'x'.repeat(65)])
      expect((await post(request({ requestId }))).statusCode).toBe(400);
  });

  it('the same requestId twice answers the first job and starts nothing', async () => {
    ddb.on(GetCommand, { Key: { pk: `req#${USER}#req-0001-abcd`, sk: 'req' } }).resolves({ Item: { jobId: JOB } });
    const result = await post(request());
    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).toEqual({ jobId: JOB });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('a retry of a request whose execution never started (still queued) starts it, once, named after the job', async () => {
    ddb.on(GetCommand, { Key: { pk: `req#${USER}#req-0001-abcd`, sk: 'req' } }).resolves({ Item: { jobId: JOB } });
    const queued = { jobId: JOB, userId: USER, prompt: 'A colorful sunset over the ocean', aspectRatio: '16:9', width: 1344, height: 768 };
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: { ...queued, status: 'queued' } });
    const result = await post(request());
    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).toEqual({ jobId: JOB });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const starts = sfn.commandCalls(StartExecutionCommand);
    expect(starts).toHaveLength(1);
    expect(starts[0]?.args[0].input.name).toBe(JOB);
    expect(JSON.parse(starts[0]?.args[0].input.input ?? '{}')).toMatchObject({ job: { jobId: JOB, prompt: queued.prompt } });

    // Once it runs, a further retry starts nothing.
    sfn.resetHistory();
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: { ...queued, status: 'generating' } });
    expect((await post(request())).statusCode).toBe(202);
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('a duplicate that races past the first read is caught by the transaction', async () => {
    ddb
      .on(GetCommand, { Key: { pk: `req#${USER}#req-0001-abcd`, sk: 'req' } })
      .resolvesOnce({})
      .resolves({ Item: { jobId: JOB } });
    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    const result = await post(request());
    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).toEqual({ jobId: JOB });
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('409 job_in_flight while the visitor has a job running', async () => {
    ddb.on(GetCommand, { Key: { pk: `inflight#${USER}`, sk: 'lock' } }).resolves({ Item: { jobId: JOB } });
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: { jobId: JOB, userId: USER, status: 'generating' } });
    const result = await post(request());
    expect(result.statusCode).toBe(409);
    expect((bodyOf(result) as ErrorBody).error.code).toBe('job_in_flight');
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('a lock left by an ended job is replaced, not a 409', async () => {
    ddb.on(GetCommand, { Key: { pk: `inflight#${USER}`, sk: 'lock' } }).resolves({ Item: { jobId: JOB } });
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: { jobId: JOB, userId: USER, status: 'done' } });
    expect((await post(request())).statusCode).toBe(202);
    const lock = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[2]?.Put;
    expect(lock?.ConditionExpression).toBe('attribute_not_exists(pk) OR jobId = :stale');
    expect(lock?.ExpressionAttributeValues).toEqual({ ':stale': JOB });
  });

  it('429 with Retry-After when the visitor’s hourly cap is reached', async () => {
    process.env.GEN_USER_HOURLY = '3';
    ddb.on(TransactWriteCommand).rejects(cancelled(4));
    const result = await post(request());
    expect(result.statusCode).toBe(429);
    expect((bodyOf(result) as ErrorBody).error.code).toBe('rate_limited');
    const retry = Number(result.headers?.['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[4]?.Update?.ExpressionAttributeValues?.[':room']).toBe(2);
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('429 with Retry-After when the network’s (IP) hourly cap is reached', async () => {
    process.env.GEN_IP_HOURLY = '5';
    ddb.on(TransactWriteCommand).rejects(cancelled(5));
    const result = await post(request());
    expect(result.statusCode).toBe(429);
    expect((bodyOf(result) as ErrorBody).error.message).toMatch(/network/);
    expect(Number(result.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('a refused request (409, 503) writes nothing: the caps are counted only inside the transaction', async () => {
    ddb.on(GetCommand, { Key: { pk: `inflight#${USER}`, sk: 'lock' } }).resolves({ Item: { jobId: JOB } });
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: { jobId: JOB, userId: USER, status: 'queued' } });
    expect((await post(request())).statusCode).toBe(409);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    ddb.on(GetCommand, { Key: { pk: `inflight#${USER}`, sk: 'lock' } }).resolves({});
    ddb.on(TransactWriteCommand).rejects(cancelled(3));
    expect((await post(request())).statusCode).toBe(503);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('a cap of 0 switches the hourly limits off', async () => {
    process.env.GEN_USER_HOURLY = '0';
    process.env.GEN_IP_HOURLY = '0';
    expect((await post(request())).statusCode).toBe(202);
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(4);
  });

  it('503 with Retry-After from the measured generation time when the queue is full', async () => {
    process.env.GEN_QUEUE_CAP = '3';
    ddb.on(TransactWriteCommand).rejects(cancelled(3));
    ddb
      .on(QueryCommand, { IndexName: 'gsi2' })
      .resolves({ Items: [1, 2, 3].map((i) => ({ jobId: `j${i}`, createdAt: `2026-01-01T00:00:0${i}Z` })) });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':p': 'stats#generation' } }).resolves({ Items: [{ ms: 6_000 }, { ms: 4_000 }] });
    const result = await post(request());
    expect(result.statusCode).toBe(503);
    expect((bodyOf(result) as ErrorBody).error.code).toBe('busy');
    expect(result.headers?.['retry-after']).toBe(String(Math.ceil((3 * 5_000) / 1000))); // 3 jobs x the median
    expect(sfn.commandCalls(StartExecutionCommand)).toHaveLength(0);
  });

  it('503 and a failed job when the state machine cannot start', async () => {
    sfn.on(StartExecutionCommand).rejects(new Error('throttled'));
    const result = await post(request());
    expect(result.statusCode).toBe(503);
    // The job leaves the queue (failed) and gives its slot back in one transaction.
    const leave = ddb.commandCalls(TransactWriteCommand)[1]?.args[0].input.TransactItems ?? [];
    expect(leave[0]?.Update?.ExpressionAttributeValues?.[':status']).toBe('failed');
    // The slot goes back to the shard of the job's id (adapters/queue-shards.ts).
    const jobId = String(leave[0]?.Update?.Key?.pk).replace(/^job#/, '');
    expect(leave[1]?.Update).toMatchObject({ Key: queueShardKey(queueShardOf(jobId)), ExpressionAttributeValues: { ':minus': -1 } });
    // …and its hourly counts are given back, once: the job's refund mark and the decrements in one transaction.
    const refund = ddb.commandCalls(TransactWriteCommand)[2]?.args[0].input.TransactItems ?? [];
    expect(refund[0]?.Update).toMatchObject({ UpdateExpression: 'SET refundedAt = :now' });
    expect(refund.slice(1).map((i) => i.Update?.Key?.pk)).toEqual([`rl#gen-user#${USER}`, `rl#gen-ip#${IP}`]);
  });
});

describe('POST /api/generate/warm', () => {
  const warm = (body: unknown = { userId: USER }) =>
    postWarm(apiEvent({ method: 'POST', path: '/api/generate/warm', body, sourceIp: IP }), lambdaContext());

  it('costs nothing when a worker is warm', async () => {
    process.env.GPU_ASG_NAME = 'gpu';
    ddb.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [{ workerId: 'w1', state: 'idle', lastSeen: Date.now() }] });
    const result = await warm();
    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).toEqual({ state: 'warm' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('starts a GPU instance when none is warm', async () => {
    process.env.GPU_ASG_NAME = 'gpu';
    asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [{ DesiredCapacity: 0 } as never] });
    asg.on(SetDesiredCapacityCommand).resolves({});
    const result = await warm();
    expect(bodyOf(result)).toEqual({ state: 'starting' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)[0]?.args[0].input).toMatchObject({
      AutoScalingGroupName: 'gpu',
      DesiredCapacity: 1,
    });
  });

  it('is rate limited per address whatever visitor id it sends', async () => {
    ddb.on(UpdateCommand, { Key: { pk: `rl#gen-warm-ip#${IP}` } }).rejects(conditionFailed());
    const result = await warm({ userId: '9b2f0c1e-8a7d-4c6b-9e5f-0a1b2c3d4e5f' });
    expect(result.statusCode).toBe(429);
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('asks the fleet once per cold-start window, for one instance', async () => {
    process.env.GPU_ASG_NAME = 'gpu';
    asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [{ DesiredCapacity: 0, MaxSize: 4 } as never] });
    asg.on(SetDesiredCapacityCommand).resolves({});
    ddb
      .on(UpdateCommand, { Key: { pk: 'rl#gen-warm-fleet#all' } })
      .resolvesOnce({})
      .rejects(conditionFailed());
    const answers = await Promise.all([warm(), warm(), warm()]);
    expect(answers.map((a) => bodyOf(a))).toEqual([{ state: 'starting' }, { state: 'starting' }, { state: 'starting' }]);
    const sets = asg.commandCalls(SetDesiredCapacityCommand);
    expect(sets).toHaveLength(1);
    expect(sets[0]?.args[0].input.DesiredCapacity).toBe(1);
  });

  it('is rate limited per visitor and address', async () => {
    ddb.on(UpdateCommand, { Key: { pk: `rl#gen-warm#${USER}#${IP}` } }).rejects(conditionFailed());
    const result = await warm();
    expect(result.statusCode).toBe(429);
    expect(Number(result.headers?.['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('400 without a UUID userId', async () => {
    expect((await warm({ userId: 'x' })).statusCode).toBe(400);
  });
});

describe('GET and DELETE /api/generate/{jobId}', () => {
  const job = (over: Record<string, unknown> = {}) => ({
    jobId: JOB,
    userId: USER,
    requestId: 'req-0001-abcd',
    prompt: 'p',
    aspectRatio: '4:3',
    width: 1024,
    height: 768,
    status: 'queued',
    percent: 0,
    message: 'Queued…',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

  it('shows a queued job with its position and an ETA from the stored history', async () => {
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: job() });
    ddb.on(QueryCommand, { IndexName: 'gsi2' }).resolves({
      Items: [
        { jobId: 'ahead', createdAt: 'a' },
        { jobId: JOB, createdAt: 'b' },
      ],
    });
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':p': 'stats#generation' } })
      .resolves({ Items: [{ ms: 3_000 }, { ms: 5_000 }, { ms: 4_000 }] });
    ddb.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [{ workerId: 'w' }] });
    const result = await getJob(apiEvent({ path: `/api/generate/${JOB}`, pathParameters: { jobId: JOB } }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      jobId: JOB,
      status: 'queued',
      percent: 0,
      message: 'Queued… 1 ahead of you',
      queuePosition: 1,
      etaSeconds: 8,
      count: 1,
      images: [],
    });
  });

  it('404 for an unknown job, 400 for a malformed id', async () => {
    const missing = await getJob(apiEvent({ pathParameters: { jobId: JOB } }), lambdaContext());
    expect(missing.statusCode).toBe(404);
    expect((bodyOf(missing) as ErrorBody).error.code).toBe('job_not_found');
    expect((await getJob(apiEvent({ pathParameters: { jobId: 'nope' } }), lambdaContext())).statusCode).toBe(400);
  });

  it('cancel of someone else’s job is a 404 and changes nothing', async () => {
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: job({ userId: OTHER }) });
    const result = await cancel();
    expect(result.statusCode).toBe(404);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(sfn.commandCalls(StopExecutionCommand)).toHaveLength(0);
  });

  it('cancel of one’s own job marks it cancelled, frees the lock and stops the execution (202)', async () => {
    ddb
      .on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } })
      .resolvesOnce({ Item: job({ status: 'generating', percent: 50 }) })
      .resolves({ Item: job({ status: 'cancelled', message: 'Cancelled.' }) });
    sfn.on(StopExecutionCommand).resolves({ stopDate: new Date() });
    const result = await cancel();
    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).toMatchObject({ status: 'cancelled' });
    expect(sfn.commandCalls(StopExecutionCommand)[0]?.args[0].input.executionArn).toMatch(
      new RegExp(`:execution:artloom-generation:${JOB}$`),
    );
  });

  it('cancel of an ended job answers it as it is (200)', async () => {
    ddb.on(GetCommand, { Key: { pk: `job#${JOB}`, sk: 'job' } }).resolves({ Item: job({ status: 'failed', message: 'x' }) });
    const result = await cancel();
    expect(result.statusCode).toBe(200);
    expect(sfn.commandCalls(StopExecutionCommand)).toHaveLength(0);
  });
});

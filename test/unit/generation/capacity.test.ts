import { AutoScalingClient, DescribeAutoScalingGroupsCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { ensureCapacity, GPU_PREPARING_MESSAGE } from '../../../lambdas/services/jobs';
import { flowJob, withEnv } from '../../fixtures/env';

/**
 * EnsureCapacity, once per job (workers claim jobs: infra/lib/state-machine.ts): start a GPU when none
 * is warm, and grow the fleet with the queue's depth (one worker per GEN_JOBS_PER_WORKER jobs, this one
 * included). It reads the queue's counts and the fleet's beacons once, and never the job index.
 * Integration twins: test/integration/generation/cold-gpu.test.ts, held-jobs.test.ts.
 */
const ddb = mockClient(DynamoDBDocumentClient);
const asg = mockClient(AutoScalingClient);
const sqs = mockClient(SQSClient);

const input = {
  job: flowJob,
  limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
};
const workers = (n: number) => Array.from({ length: n }, (_, i) => ({ workerId: `w${i}`, state: 'busy', lastSeen: Date.now() }));

function given(opts: { live: number; waiting: number; held?: number; desired: number; max: number }) {
  ddb.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: workers(opts.live) });
  sqs.on(GetQueueAttributesCommand).resolves({
    Attributes: {
      ApproximateNumberOfMessages: String(opts.waiting),
      ApproximateNumberOfMessagesNotVisible: String(opts.held ?? 0),
    },
  });
  asg.on(DescribeAutoScalingGroupsCommand).resolves({
    AutoScalingGroups: [{ DesiredCapacity: opts.desired, MaxSize: opts.max } as never],
  });
}
const desiredSet = () => asg.commandCalls(SetDesiredCapacityCommand).map((c) => c.args[0].input.DesiredCapacity);

withEnv({ GPU_ASG_NAME: 'gpu', JOB_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/jobs' }, ['GEN_JOBS_PER_WORKER']);
beforeEach(() => {
  ddb.reset();
  asg.reset();
  sqs.reset();
  ddb.on(UpdateCommand).resolves({});
  asg.on(SetDesiredCapacityCommand).resolves({});
});

describe('EnsureCapacity', () => {
  it('starts one GPU when none is warm and marks the job as starting', async () => {
    given({ live: 0, waiting: 0, desired: 0, max: 2 });
    const result = await ensureCapacity(input);
    expect(result.warm).toBe(false);
    expect(desiredSet()).toEqual([1]);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(JSON.stringify(update?.ExpressionAttributeValues)).toContain('starting');
  });

  it('says the GPU is being prepared, and asks nothing, while the group does not exist yet (issue 31: the image builds after the site is up)', async () => {
    given({ live: 0, waiting: 0, desired: 0, max: 2 });
    asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [] });
    const result = await ensureCapacity(input);
    expect(result.warm).toBe(false);
    expect(desiredSet()).toEqual([]);
    const values = JSON.stringify(ddb.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues);
    expect(values).toContain('starting');
    expect(values).toContain(GPU_PREPARING_MESSAGE);
  });

  it('costs nothing when a warm worker has room for the queue: no fleet call, no write', async () => {
    given({ live: 1, waiting: 2, held: 1, desired: 1, max: 2 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    expect(asg.commandCalls(DescribeAutoScalingGroupsCommand)).toHaveLength(0);
    expect(desiredSet()).toEqual([]);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('counts this job with the queue: a warm worker whose 4 slots are taken gets a second one', async () => {
    given({ live: 1, waiting: 0, held: 4, desired: 1, max: 5 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    expect(desiredSet()).toEqual([2]);
  });

  it('grows the fleet with the queue, one worker per 4 jobs, waiting and held alike', async () => {
    given({ live: 1, waiting: 6, held: 2, desired: 1, max: 5 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    expect(desiredSet()).toEqual([3]);
  });

  it('never asks past the group maximum (the bill guard)', async () => {
    given({ live: 1, waiting: 20, desired: 1, max: 2 });
    await ensureCapacity(input);
    expect(desiredSet()).toEqual([2]);
  });

  it('does not ask again when the group already wants enough instances', async () => {
    given({ live: 1, waiting: 9, desired: 3, max: 5 });
    await ensureCapacity(input);
    expect(desiredSet()).toEqual([]);
  });

  it('polls nothing: one look at the queue and one at the beacons, never the job index or the job', async () => {
    given({ live: 1, waiting: 30, held: 4, desired: 1, max: 1 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    expect(sqs.commandCalls(GetQueueAttributesCommand)).toHaveLength(1);
    expect(sqs.commandCalls(GetQueueAttributesCommand)[0]?.args[0].input.AttributeNames).toEqual([
      'ApproximateNumberOfMessages',
      'ApproximateNumberOfMessagesNotVisible',
    ]);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.IndexName);
    expect(queries).toEqual(['gsi1']);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('follows GEN_JOBS_PER_WORKER', async () => {
    process.env.GEN_JOBS_PER_WORKER = '2';
    resetConfig();
    given({ live: 0, waiting: 5, desired: 0, max: 10 });
    await ensureCapacity(input);
    expect(desiredSet()).toEqual([3]);
  });
});

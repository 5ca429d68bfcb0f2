import { AutoScalingClient, DescribeAutoScalingGroupsCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { ensureCapacity, GPU_PREPARING_MESSAGE } from '../../../lambdas/services/jobs';
import { flowJob, withEnv } from '../../fixtures/env';

/** EnsureCapacity: start a GPU when none is warm, and grow the fleet with the queue (one per GEN_JOBS_PER_WORKER). */
const ddb = mockClient(DynamoDBDocumentClient);
const asg = mockClient(AutoScalingClient);

const input = {
  job: flowJob,
  limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
};
const workers = (n: number) => Array.from({ length: n }, (_, i) => ({ workerId: `w${i}`, state: 'busy', lastSeen: Date.now() }));
const waiting = (n: number) => Array.from({ length: n }, (_, i) => ({ jobId: `j${i}`, createdAt: new Date().toISOString() }));

function given(opts: {
  live: number;
  waiting: number | { jobId: string; createdAt: string; dispatchedAt?: string }[];
  running?: number;
  desired: number;
  max: number;
}) {
  const queued = typeof opts.waiting === 'number' ? waiting(opts.waiting) : opts.waiting;
  const running = Array.from({ length: opts.running ?? 0 }, (_, i) => ({ jobId: `r${i}` }));
  ddb.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: workers(opts.live) });
  ddb.on(QueryCommand, { IndexName: 'gsi2', ExpressionAttributeValues: { ':g': 'active' } }).resolves({ Items: queued });
  ddb.on(QueryCommand, { IndexName: 'gsi2', ExpressionAttributeValues: { ':g': 'running' } }).resolves({ Items: running });
  asg.on(DescribeAutoScalingGroupsCommand).resolves({
    AutoScalingGroups: [{ DesiredCapacity: opts.desired, MaxSize: opts.max } as never],
  });
}
const desiredSet = () => asg.commandCalls(SetDesiredCapacityCommand).map((c) => c.args[0].input.DesiredCapacity);

withEnv({ GPU_ASG_NAME: 'gpu', GEN_SLOT_WAIT_MS: '0' }, ['GEN_JOBS_PER_WORKER']);
beforeEach(() => {
  ddb.reset();
  asg.reset();
  ddb.on(UpdateCommand).resolves({});
  asg.on(SetDesiredCapacityCommand).resolves({});
});

describe('EnsureCapacity', () => {
  it('starts one GPU when none is warm and marks the job as starting', async () => {
    given({ live: 0, waiting: 1, desired: 0, max: 2 });
    const result = await ensureCapacity(input);
    expect(result.warm).toBe(false);
    expect(desiredSet()).toEqual([1]);
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(JSON.stringify(update?.ExpressionAttributeValues)).toContain('starting');
  });

  it('says the GPU is being prepared, and asks nothing, while the group does not exist yet (issue 31: the image builds after the site is up)', async () => {
    given({ live: 0, waiting: 1, desired: 0, max: 2 });
    asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [] });
    const result = await ensureCapacity(input);
    expect(result.warm).toBe(false);
    expect(desiredSet()).toEqual([]);
    const values = JSON.stringify(ddb.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues);
    expect(values).toContain('starting');
    expect(values).toContain(GPU_PREPARING_MESSAGE);
  });

  it('costs nothing when a warm worker has room for the queue', async () => {
    given({ live: 1, waiting: 4, desired: 1, max: 2 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    expect(asg.commandCalls(DescribeAutoScalingGroupsCommand)).toHaveLength(0);
    expect(desiredSet()).toEqual([]);
  });

  it('grows the fleet with the queue, one worker per 4 waiting jobs', async () => {
    given({ live: 1, waiting: 9, desired: 1, max: 5 });
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

  it('gives a warm job its slot: the record says when it was dispatched', async () => {
    given({ live: 1, waiting: 1, desired: 1, max: 2 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.UpdateExpression).toContain('#dispatchedAt');
  });

  it('dispatches nothing while every slot of the live workers is taken, and asks for another worker', async () => {
    const now = new Date().toISOString();
    given({
      live: 1,
      running: 1,
      waiting: [...waiting(3).map((j) => ({ ...j, dispatchedAt: now })), { jobId: 'job-1', createdAt: now }],
      desired: 1,
      max: 3,
    });
    expect(await ensureCapacity(input)).toEqual({ warm: false });
    expect(desiredSet()).toEqual([2]);
    // Still 'queued' for the visitor: a GPU is up, the job waits its turn (not 'Waiting for a GPU…').
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('looks again for a slot for GEN_SLOT_WAIT_MS before handing the job to the flow’s wait', async () => {
    process.env.GEN_SLOT_WAIT_MS = '2000';
    resetConfig();
    const now = new Date().toISOString();
    given({ live: 1, running: 4, waiting: [{ jobId: 'job-1', createdAt: now }], desired: 1, max: 1 });
    // The running list: all 4 slots busy at first, then one job ends.
    ddb
      .on(QueryCommand, { IndexName: 'gsi2', ExpressionAttributeValues: { ':g': 'running' } })
      .resolvesOnce({ Items: [{ jobId: 'r0' }, { jobId: 'r1' }, { jobId: 'r2' }, { jobId: 'r3' }] })
      .resolvesOnce({ Items: [{ jobId: 'r0' }, { jobId: 'r1' }, { jobId: 'r2' }, { jobId: 'r3' }] })
      .resolves({ Items: [{ jobId: 'r0' }, { jobId: 'r1' }, { jobId: 'r2' }] });
    // Without the second look it would answer warm: false and leave the job to the 5 s wait. The
    // looks' pauses run on fake timers and the clock (lambdas/lib/clock.ts reads Date.now()).
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const answer = ensureCapacity(input);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await answer).toEqual({ warm: true });
    } finally {
      vi.useRealTimers();
    }
    expect(
      ddb.commandCalls(QueryCommand, { IndexName: 'gsi2', ExpressionAttributeValues: { ':g': 'running' } }).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('fills free slots oldest job first', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const older = [
      { jobId: 'a', createdAt: t(1) },
      { jobId: 'b', createdAt: t(2) },
    ];
    // 3 of 4 slots taken: one free, and two older jobs are in line before job-1.
    given({ live: 1, running: 3, waiting: [...older, { jobId: 'job-1', createdAt: t(3) }], desired: 1, max: 1 });
    expect(await ensureCapacity(input)).toEqual({ warm: false });
    given({ live: 1, running: 3, waiting: [{ jobId: 'job-1', createdAt: t(0) }, ...older], desired: 1, max: 1 });
    expect(await ensureCapacity(input)).toEqual({ warm: true });
  });

  it('puts a job whose worker was lost at the front of the line', async () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    given({
      live: 1,
      running: 3,
      waiting: [
        { jobId: 'a', createdAt: t(1) },
        { jobId: 'job-1', createdAt: t(2), dispatchedAt: t(3) },
      ],
      desired: 1,
      max: 1,
    });
    ddb.on(GetCommand).resolves({ Item: { jobId: 'job-1', status: 'queued', createdAt: t(2) } });
    expect(await ensureCapacity({ ...input, waits: { capacity: 0, redispatch: 1 } })).toEqual({ warm: true });
  });

  it('follows GEN_JOBS_PER_WORKER', async () => {
    process.env.GEN_JOBS_PER_WORKER = '2';
    resetConfig();
    given({ live: 0, waiting: 5, desired: 0, max: 10 });
    await ensureCapacity(input);
    expect(desiredSet()).toEqual([3]);
  });
});

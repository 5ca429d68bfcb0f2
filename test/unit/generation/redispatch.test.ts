import { AutoScalingClient, DescribeAutoScalingGroupsCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureCapacity } from '../../../lambdas/services/jobs';
import { flowJob, withEnv } from '../../fixtures/env';

/**
 * EnsureCapacity after a lost dispatch ($.waits.redispatch > 0): the worker that had taken the job is
 * not capacity any more, whatever its beacon says. Integration twin: cold-gpu.test.ts (killed worker).
 */
const ddb = mockClient(DynamoDBDocumentClient);
const asg = mockClient(AutoScalingClient);
const job = flowJob;
const input = (redispatch: number) => ({
  job,
  limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
  waits: { capacity: 0, redispatch },
});

beforeEach(() => {
  ddb.reset();
  asg.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  asg.on(DescribeAutoScalingGroupsCommand).resolves({ AutoScalingGroups: [{ DesiredCapacity: 0, MaxSize: 2 } as never] });
  asg.on(SetDesiredCapacityCommand).resolves({});
});
withEnv({ GPU_ASG_NAME: 'gpu' });

describe('EnsureCapacity after a lost dispatch', () => {
  it('forgets the beacon of the worker that had the job and shows the job queued again', async () => {
    ddb.on(GetCommand).resolves({ Item: { jobId: 'job-1', status: 'generating', workerId: 'w-dead', percent: 40 } });
    await ensureCapacity(input(1));
    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({ pk: 'worker#w-dead', sk: 'worker' });
    const reset = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues ?? {});
    expect(reset[0]).toMatchObject({ ':status': 'queued', ':percent': 0, ':from0': 'generating', ':from1': 'saving' });
  });

  it('leaves a job that no worker took alone (it timed out in the queue)', async () => {
    ddb.on(GetCommand).resolves({ Item: { jobId: 'job-1', status: 'queued' } });
    await ensureCapacity(input(1));
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('does not read the job on the first pass', async () => {
    await ensureCapacity(input(0));
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});

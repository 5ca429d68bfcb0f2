import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  DescribeScalingActivitiesCommand,
  SetDesiredCapacityCommand,
} from '@aws-sdk/client-auto-scaling';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler } from '../../../lambdas/handlers/system/cost-backstop';
import { resetConfig } from '../../../lambdas/lib/config';
import { runCostBackstop } from '../../../lambdas/services/cost-backstop';
import { lambdaContext } from '../../fixtures/api-event';
import { withEnv } from '../../fixtures/env';

const ddb = mockClient(DynamoDBDocumentClient);
const asg = mockClient(AutoScalingClient);
const NOW = Date.parse('2026-11-23T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000);

/** The table's answers: the newest finished generation and the newest waiting job. */
function jobs(lastFinished?: Date, lastWaiting?: Date) {
  ddb.on(QueryCommand, { IndexName: 'gsi2' }).resolves({ Items: lastWaiting ? [{ createdAt: lastWaiting.toISOString() }] : [] });
  ddb
    .on(QueryCommand, { ExpressionAttributeValues: { ':p': 'stats#generation' } })
    .resolves({ Items: lastFinished ? [{ sk: `${lastFinished.toISOString()}#job-1` }] : [] });
}

type Activity = { StartTime: Date; Description?: string; StatusCode?: string };
/** A launch as DescribeScalingActivities lists it; boot.sh's ABANDON ends it as Cancelled. */
const launch = (m: number, StatusCode: string): Activity => ({
  StartTime: minutesAgo(m),
  Description: `Launching a new EC2 instance: i-${m}`,
  StatusCode,
});

/** A launch that prepares a stopped instance for the warm pool (its refill after a start from the pool). */
const intoWarmPool = (m: number, StatusCode: string): Activity => ({
  StartTime: minutesAgo(m),
  Description: `Launching a new EC2 instance into warm pool: i-${m}`,
  StatusCode,
});

function group(desired: number, instances: number, lastScaling?: Date, activities?: Activity[], LifecycleState = 'InService') {
  asg.on(DescribeAutoScalingGroupsCommand).resolves({
    AutoScalingGroups: [
      {
        AutoScalingGroupName: 'gpu',
        DesiredCapacity: desired,
        MinSize: 0,
        MaxSize: 2,
        Instances: Array.from({ length: instances }, (_, i) => ({ InstanceId: `i-${i}`, LifecycleState }) as never),
      } as never,
    ],
  });
  asg
    .on(DescribeScalingActivitiesCommand)
    .resolves({ Activities: (activities ?? (lastScaling ? [{ StartTime: lastScaling }] : [])) as never[] });
}

describe('cost backstop', () => {
  beforeEach(() => {
    ddb.reset();
    asg.reset();
    asg.on(SetDesiredCapacityCommand).resolves({});
  });
  withEnv({
    GPU_ASG_NAME: 'gpu',
    GPU_BACKSTOP_IDLE_MINUTES: '60',
    GPU_BACKSTOP_FAILED_LAUNCHES: '3',
    GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES: '30',
    GPU_BACKSTOP_NO_SERVICE_MINUTES: '30',
  });

  it('sets a group that ran 90 minutes without a job (dead worker) to zero, without cooldown', async () => {
    group(1, 1, minutesAgo(120));
    jobs(minutesAgo(90));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'stopped', reason: 'idle', idleMinutes: 90, desired: 1 });
    expect(asg.commandCalls(SetDesiredCapacityCommand)[0]?.args[0].input).toEqual({
      AutoScalingGroupName: 'gpu',
      DesiredCapacity: 0,
      HonorCooldown: false,
    });
  });

  it('stops a group the table has never seen a job for once its last scaling is old enough', async () => {
    group(2, 2, minutesAgo(61));
    jobs();
    await expect(runCostBackstop(NOW)).resolves.toMatchObject({ action: 'stopped', reason: 'idle', idleMinutes: 61 });
  });

  it('leaves the group alone while jobs finish or wait, or right after a scale-out', async () => {
    group(1, 1, minutesAgo(200));
    jobs(minutesAgo(59));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    ddb.reset();
    jobs(minutesAgo(300), minutesAgo(2));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    asg.reset();
    group(1, 0, minutesAgo(10));
    ddb.reset();
    jobs(minutesAgo(300));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-scaling' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('stops a launch loop (3 abandoned or failed launches within 30 minutes) although every launch is recent scaling', async () => {
    group(1, 1, undefined, [
      launch(1, 'InProgress'),
      launch(4, 'Cancelled'),
      launch(9, 'Failed'),
      launch(14, 'Cancelled'),
      launch(300, 'Successful'),
    ]);
    jobs(undefined, minutesAgo(3));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
    expect(asg.commandCalls(DescribeScalingActivitiesCommand)[0]?.args[0].input).toMatchObject({ MaxRecords: 50 });
    expect(asg.commandCalls(SetDesiredCapacityCommand)[0]?.args[0].input).toMatchObject({ DesiredCapacity: 0, HonorCooldown: false });
  });

  it('counts on past a successful warm-pool refill: only a launch into service clears the count (issue 31)', async () => {
    group(1, 1, undefined, [
      launch(1, 'InProgress'),
      intoWarmPool(3, 'Successful'),
      launch(5, 'Cancelled'),
      intoWarmPool(7, 'Failed'),
      launch(10, 'Cancelled'),
      launch(300, 'Successful'),
    ]);
    jobs(undefined, minutesAgo(3));
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
  });

  it('stops a group that has tried 30 minutes to bring an instance into service and has none (desired left at 1)', async () => {
    jobs(undefined, minutesAgo(3));
    group(1, 1, undefined, [launch(31, 'InProgress'), launch(300, 'Successful')], 'Pending');
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'stopped', reason: 'no-service', tryingMinutes: 31, desired: 1 });
    asg.reset();
    asg.on(SetDesiredCapacityCommand).resolves({});
    // Younger than the limit, or an instance in service: left alone.
    group(1, 1, undefined, [launch(29, 'InProgress')], 'Pending');
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    asg.reset();
    group(1, 1, undefined, [launch(31, 'Successful')]);
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('lets boots continue below the count, outside the window, or once a launch succeeded', async () => {
    jobs(undefined, minutesAgo(3));
    group(1, 1, undefined, [launch(2, 'Cancelled'), launch(8, 'Cancelled'), launch(40, 'Cancelled')]);
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    asg.reset();
    group(1, 1, undefined, [launch(2, 'Successful'), launch(5, 'Cancelled'), launch(8, 'Cancelled'), launch(12, 'Failed')]);
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    asg.reset();
    // Terminations and other activities are not launches.
    group(1, 1, undefined, [
      { StartTime: minutesAgo(1), Description: 'Terminating EC2 instance: i-1', StatusCode: 'Failed' },
      { StartTime: minutesAgo(2), Description: 'Terminating EC2 instance: i-2', StatusCode: 'Cancelled' },
      launch(3, 'Cancelled'),
      launch(6, 'Cancelled'),
    ]);
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('does nothing when the group is already at zero or there is no group', async () => {
    group(0, 0, minutesAgo(500));
    jobs();
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'already-zero' });
    delete process.env.GPU_ASG_NAME;
    resetConfig();
    await expect(runCostBackstop(NOW)).resolves.toEqual({ action: 'none', reason: 'no-group' });
    expect(asg.commandCalls(SetDesiredCapacityCommand)).toHaveLength(0);
  });

  it('runs as a scheduled Lambda handler', async () => {
    group(0, 0);
    jobs();
    await expect(handler({}, lambdaContext())).resolves.toEqual({ action: 'none', reason: 'already-zero' });
  });
});

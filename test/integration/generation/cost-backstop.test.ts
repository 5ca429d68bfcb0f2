import { randomUUID } from 'node:crypto';
import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  DescribeScalingActivitiesCommand,
  SetDesiredCapacityCommand,
} from '@aws-sdk/client-auto-scaling';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordDuration } from '../../../lambdas/adapters/fleet-records';
import { createJob } from '../../../lambdas/adapters/job-admission';
import { resetConfig } from '../../../lambdas/lib/config';
import { runCostBackstop } from '../../../lambdas/services/cost-backstop';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The unit test's twin: the jobs table is DynamoDB Local with real items written by the real
 * adapter; only Auto Scaling (no local stand-in) is mocked.
 */
describe('cost backstop against DynamoDB Local', () => {
  let app: TestApp;
  const asg = mockClient(AutoScalingClient);
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000);

  afterAll(() => {
    asg.restore();
    // startTestApp writes its env into process.env: a later file in this worker must not see a GPU group.
    delete process.env.GPU_ASG_NAME;
    delete process.env.GPU_BACKSTOP_IDLE_MINUTES;
    resetConfig();
  });
  afterEach(async () => app?.stop());
  beforeEach(async () => {
    // Fresh tables per case (a new prefix): each case sees only the items it writes.
    app = await startTestApp({ env: { GPU_ASG_NAME: 'gpu-group', GPU_BACKSTOP_IDLE_MINUTES: '30', LOG_LEVEL: 'SILENT' } });
    resetConfig();
    asg.reset();
    asg.on(DescribeAutoScalingGroupsCommand).resolves({
      AutoScalingGroups: [{ AutoScalingGroupName: 'gpu-group', DesiredCapacity: 1, MinSize: 0, MaxSize: 2, Instances: [] } as never],
    });
    asg.on(DescribeScalingActivitiesCommand).resolves({ Activities: [{ StartTime: ago(240) } as never] });
    asg.on(SetDesiredCapacityCommand).resolves({});
  });

  it('stops the group when the table has seen no job for longer than the idle time', async () => {
    await expect(runCostBackstop(now)).resolves.toMatchObject({ action: 'stopped', desired: 1 });
    expect(asg.commandCalls(SetDesiredCapacityCommand)[0]?.args[0].input).toMatchObject({ DesiredCapacity: 0 });
  });

  it('reads the newest finished generation from the table', async () => {
    await recordDuration('generation', 'old-job', 4000, ago(120));
    await expect(runCostBackstop(now)).resolves.toMatchObject({ action: 'stopped', idleMinutes: 120 });
    await recordDuration('generation', 'new-job', 4000, ago(5));
    await expect(runCostBackstop(now)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
  });

  it('counts a job still waiting for a GPU as life', async () => {
    await recordDuration('generation', 'old-job', 4000, ago(120));
    const jobId = randomUUID();
    const at = ago(1).toISOString();
    await createJob(
      {
        jobId,
        userId: randomUUID(),
        requestId: `req-${jobId}`,
        prompt: 'A colorful sunset over the ocean',
        aspectRatio: '4:3',
        width: 1024,
        height: 768,
        status: 'queued',
        percent: 0,
        message: '',
        createdAt: at,
        updatedAt: at,
      },
      undefined,
      { queueCap: 20, counts: [] },
    );
    await expect(runCostBackstop(now)).resolves.toEqual({ action: 'none', reason: 'recent-job' });
  });

  it('stops a launch loop although the table has a recent job (boots abandoned, every launch recent scaling)', async () => {
    await recordDuration('generation', 'recent-job', 4000, ago(2));
    const launch = (minutes: number, StatusCode: string) => ({
      StartTime: ago(minutes),
      Description: `Launching a new EC2 instance: i-${minutes}`,
      StatusCode,
    });
    asg.on(DescribeScalingActivitiesCommand).resolves({
      Activities: [launch(1, 'InProgress'), launch(5, 'Cancelled'), launch(10, 'Cancelled'), launch(15, 'Failed')] as never[],
    });
    await expect(runCostBackstop(now)).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
    expect(asg.commandCalls(SetDesiredCapacityCommand)[0]?.args[0].input).toMatchObject({ DesiredCapacity: 0 });
  });

  it('counts failed launches on past a successful warm-pool refill (issue 31), and stops a group with none in service for 30 minutes', async () => {
    await recordDuration('generation', 'recent-job', 4000, ago(2));
    const launch = (minutes: number, StatusCode: string, into = '') => ({
      StartTime: ago(minutes),
      Description: `Launching a new EC2 instance${into}: i-${minutes}`,
      StatusCode,
    });
    asg.on(DescribeScalingActivitiesCommand).resolves({
      Activities: [
        launch(1, 'InProgress'),
        launch(3, 'Successful', ' into warm pool'),
        launch(5, 'Cancelled'),
        launch(10, 'Cancelled'),
        launch(15, 'Failed'),
      ] as never[],
    });
    await expect(runCostBackstop(now)).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
    asg.on(DescribeScalingActivitiesCommand).resolves({ Activities: [launch(40, 'InProgress')] as never[] });
    await expect(runCostBackstop(now)).resolves.toEqual({ action: 'stopped', reason: 'no-service', tryingMinutes: 40, desired: 1 });
  });
});

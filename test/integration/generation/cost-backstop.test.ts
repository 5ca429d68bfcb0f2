import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordDuration } from '../../../lambdas/adapters/fleet-records';
import { createJob } from '../../../lambdas/adapters/job-admission';
import { resetConfig } from '../../../lambdas/lib/config';
import type { LocalActivity, LocalGroup } from '../../../local/autoscaling-stand-in';
import { cloudAssembly } from '../../../local/functions/cloud-assembly';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The unit test's twin: the deployed backstop function (its bundle, its role) runs against the jobs
 * table in DynamoDB Local, with real items written by the real adapter, and against the local Auto
 * Scaling stand-in, through the gateway: its DescribeAutoScalingGroups, DescribeScalingActivities
 * and SetDesiredCapacity are checked against its synthesized role (removing the scaling grant fails
 * these tests: docs/local.md).
 */
describe('cost backstop against DynamoDB Local and the Auto Scaling stand-in', () => {
  let app: TestApp;
  let group: LocalGroup;
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000);
  const runCostBackstop = () => app.deployment.fn('cost-backstop').invoke({});

  afterAll(() => {
    // startTestApp writes its env into process.env: a later file in this worker must not see a GPU group.
    delete process.env.GPU_ASG_NAME;
    delete process.env.GPU_BACKSTOP_IDLE_MINUTES;
    resetConfig();
  });
  afterEach(async () => app?.stop());
  beforeEach(async () => {
    // The group the template names (the backstop reads its name from GPU_ASG_NAME, which locally is the runtime's).
    const { template } = await cloudAssembly();
    const groupName = Object.values(template.Resources).find((r) => r.Type === 'AWS::AutoScaling::AutoScalingGroup')?.Properties
      ?.AutoScalingGroupName as string;
    // Fresh tables per case (a new prefix): each case sees only the items it writes.
    app = await startTestApp({ env: { GPU_ASG_NAME: groupName, GPU_BACKSTOP_IDLE_MINUTES: '30', LOG_LEVEL: 'SILENT' } });
    resetConfig();
    group = app.autoScaling.groups.get(groupName) as LocalGroup;
    group.desired = 1;
    group.activities = [{ StartTime: ago(240), Description: 'Terminating EC2 instance: i-0', StatusCode: 'Successful' }];
  });

  it('stops the group when the table has seen no job for longer than the idle time', async () => {
    await expect(runCostBackstop()).resolves.toMatchObject({ action: 'stopped', desired: 1 });
    expect(group.desired).toBe(0);
    expect(app.deployment.gateway.stats.denied).toEqual([]);
  });

  it('reads the newest finished generation from the table', async () => {
    await recordDuration('generation', 'old-job', 4000, ago(120));
    await expect(runCostBackstop()).resolves.toMatchObject({ action: 'stopped', idleMinutes: 120 });
    await recordDuration('generation', 'new-job', 4000, ago(5));
    group.desired = 1;
    await expect(runCostBackstop()).resolves.toEqual({ action: 'none', reason: 'recent-job' });
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
    await expect(runCostBackstop()).resolves.toEqual({ action: 'none', reason: 'recent-job' });
  });

  it('stops a launch loop although the table has a recent job (boots abandoned, every launch recent scaling)', async () => {
    await recordDuration('generation', 'recent-job', 4000, ago(2));
    const launch = (minutes: number, StatusCode: string): LocalActivity => ({
      StartTime: ago(minutes),
      Description: `Launching a new EC2 instance: i-${minutes}`,
      StatusCode,
    });
    group.activities = [launch(1, 'InProgress'), launch(5, 'Cancelled'), launch(10, 'Cancelled'), launch(15, 'Failed')];
    await expect(runCostBackstop()).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
    expect(group.desired).toBe(0);
  });

  it('counts failed launches on past a successful warm-pool refill (issue 31), and stops a group with none in service for 30 minutes', async () => {
    await recordDuration('generation', 'recent-job', 4000, ago(2));
    const launch = (minutes: number, StatusCode: string, into = ''): LocalActivity => ({
      StartTime: ago(minutes),
      Description: `Launching a new EC2 instance${into}: i-${minutes}`,
      StatusCode,
    });
    group.activities = [
      launch(1, 'InProgress'),
      launch(3, 'Successful', ' into warm pool'),
      launch(5, 'Cancelled'),
      launch(10, 'Cancelled'),
      launch(15, 'Failed'),
    ];
    await expect(runCostBackstop()).resolves.toEqual({ action: 'stopped', reason: 'launch-loop', failedLaunches: 3, desired: 1 });
    group.desired = 1;
    group.activities = [launch(40, 'InProgress')];
    await expect(runCostBackstop()).resolves.toEqual({ action: 'stopped', reason: 'no-service', tryingMinutes: 40, desired: 1 });
  });
});

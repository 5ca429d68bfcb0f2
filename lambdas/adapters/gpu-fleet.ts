import { DescribeAutoScalingGroupsCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { autoScaling } from './aws-clients';
import { freshWorkers } from './fleet-records';

/**
 * The GPU fleet: workers announce themselves in the jobs table (a beacon every few seconds), so
 * "is one warm?" is a table query; starting one is the Auto Scaling group's desired capacity.
 * With no group configured (locally, the worker runs in-process and is always on) there is
 * nothing to start.
 */
export async function liveWorkerCount(now = clock.now()): Promise<number> {
  return (await freshWorkers(now - config().GEN_WORKER_FRESH_SECONDS * 1000)).length;
}

/**
 * Asks for at least `wanted` instances (capped by the group's MaxSize, the bill guard); never
 * lowers the desired capacity (idle workers scale themselves in). Answers 'raised' when it raised it,
 * 'enough' when the group already wants as many, and 'no-group' when the group does not exist yet: the
 * stack names it up front (infra gpu-fleet.ts), and CloudFormation creates it only once the GPU image
 * is built, 30–45 minutes into a first deploy while the site is already up (issue 31).
 */
export type WorkerRequest = 'raised' | 'enough' | 'no-group';

export async function requestWorker(wanted = 1): Promise<WorkerRequest> {
  const group = config().GPU_ASG_NAME;
  if (!group) return 'enough';
  const out = await autoScaling().send(new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [group] }));
  const found = out.AutoScalingGroups?.[0];
  if (!found) return 'no-group';
  const desired = found.DesiredCapacity ?? 0;
  const target = Math.min(wanted, found.MaxSize ?? wanted);
  if (desired >= target) return 'enough';
  await autoScaling().send(new SetDesiredCapacityCommand({ AutoScalingGroupName: group, DesiredCapacity: target, HonorCooldown: false }));
  return 'raised';
}

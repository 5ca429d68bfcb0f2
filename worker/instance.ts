import {
  DescribeAutoScalingGroupsCommand,
  SetDesiredCapacityCommand,
  SetInstanceHealthCommand,
  TerminateInstanceInAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import { autoScaling } from '../lambdas/adapters/aws-clients';

/**
 * What the worker does to its own instance through the Auto Scaling API: scale itself in when idle, or
 * say it is unhealthy. With ports.ts, the only worker files that reach AWS (`npm run check:layers`).
 */
/**
 * Scales this instance in. The last instance sets the group's desired capacity to 0, so that with a
 * warm pool it goes back stopped (reuse on scale-in) rather than being replaced; one of several
 * terminates itself and decrements the desired capacity, so that a busy neighbour is never chosen.
 */
export async function scaleIn(group: string, instanceId: string): Promise<'desired-zero' | 'terminated'> {
  const out = await autoScaling().send(new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [group] }));
  const desired = out.AutoScalingGroups?.[0]?.DesiredCapacity ?? 0;
  if (desired <= 1) {
    await autoScaling().send(new SetDesiredCapacityCommand({ AutoScalingGroupName: group, DesiredCapacity: 0, HonorCooldown: false }));
    return 'desired-zero';
  }
  await autoScaling().send(
    new TerminateInstanceInAutoScalingGroupCommand({ InstanceId: instanceId, ShouldDecrementDesiredCapacity: true }),
  );
  return 'terminated';
}

/**
 * Tells the group this instance is unhealthy: it is replaced (a warm-pool instance first) instead of
 * being advertised with a ComfyUI that does not answer. ShouldRespectGracePeriod: false, or a worker
 * that fails right after boot would wait out the health check grace period.
 */
export async function markUnhealthy(instanceId: string): Promise<void> {
  await autoScaling().send(
    new SetInstanceHealthCommand({ InstanceId: instanceId, HealthStatus: 'Unhealthy', ShouldRespectGracePeriod: false }),
  );
}

import {
  DescribeAutoScalingGroupsCommand,
  DescribeScalingActivitiesCommand,
  SetDesiredCapacityCommand,
} from '@aws-sdk/client-auto-scaling';
import { autoScaling } from './aws-clients';

export interface GroupState {
  desired: number;
  /** Instances the group counts as running (InService, Pending, …), warm-pool instances excluded. */
  instances: number;
  /** Start of the group's newest scaling activity (a launch or a termination), epoch ms. */
  lastActivityAt?: number;
}

/** The GPU Auto Scaling group as the cost backstop needs it; undefined when the group does not exist. */
export async function describeGroup(name: string): Promise<GroupState | undefined> {
  const [groups, activities] = await Promise.all([
    autoScaling().send(new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [name] })),
    // Newest first (the API's order).
    autoScaling().send(new DescribeScalingActivitiesCommand({ AutoScalingGroupName: name, MaxRecords: 1 })),
  ]);
  const group = groups.AutoScalingGroups?.[0];
  if (!group) return undefined;
  const started = activities.Activities?.[0]?.StartTime;
  return {
    desired: group.DesiredCapacity ?? 0,
    instances: group.Instances?.length ?? 0,
    ...(started ? { lastActivityAt: new Date(started).getTime() } : {}),
  };
}

/** Desired capacity 0 now (no cooldown): the group terminates or, with a warm pool, stops its instances. */
export async function stopGroup(name: string): Promise<void> {
  await autoScaling().send(new SetDesiredCapacityCommand({ AutoScalingGroupName: name, DesiredCapacity: 0, HonorCooldown: false }));
}

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
  /**
   * Starts (epoch ms, newest first) of the launches that failed or were cancelled since the newest
   * successful one, among the activities read: a boot that abandons its lifecycle hook (infra/gpu/boot.sh)
   * ends its launch as Cancelled, a launch EC2 refuses (capacity, image, quota) as Failed.
   */
  failedLaunchesAt: number[];
}

/** How far back the backstop looks: a launch loop makes a few activities per boot attempt. */
const ACTIVITIES_READ = 50;
const LAUNCH = /^Launching a new EC2 instance/;

/** The GPU Auto Scaling group as the cost backstop needs it; undefined when the group does not exist. */
export async function describeGroup(name: string): Promise<GroupState | undefined> {
  const [groups, activities] = await Promise.all([
    autoScaling().send(new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [name] })),
    // Newest first (the API's order).
    autoScaling().send(new DescribeScalingActivitiesCommand({ AutoScalingGroupName: name, MaxRecords: ACTIVITIES_READ })),
  ]);
  const group = groups.AutoScalingGroups?.[0];
  if (!group) return undefined;
  const list = activities.Activities ?? [];
  const started = list[0]?.StartTime;
  const failedLaunchesAt: number[] = [];
  for (const a of list) {
    if (!LAUNCH.test(a.Description ?? '') || !a.StartTime) continue;
    if (a.StatusCode === 'Successful') break;
    if (a.StatusCode === 'Failed' || a.StatusCode === 'Cancelled') failedLaunchesAt.push(new Date(a.StartTime).getTime());
  }
  return {
    desired: group.DesiredCapacity ?? 0,
    instances: group.Instances?.length ?? 0,
    ...(started ? { lastActivityAt: new Date(started).getTime() } : {}),
    failedLaunchesAt,
  };
}

/** Desired capacity 0 now (no cooldown): the group terminates or, with a warm pool, stops its instances. */
export async function stopGroup(name: string): Promise<void> {
  await autoScaling().send(new SetDesiredCapacityCommand({ AutoScalingGroupName: name, DesiredCapacity: 0, HonorCooldown: false }));
}

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
  /** Of those, the ones in service (a worker could be serving). */
  inService: number;
  /** Start of the group's newest scaling activity (a launch or a termination), epoch ms. */
  lastActivityAt?: number;
  /**
   * Starts (epoch ms, newest first) of the launches that failed or were cancelled since the newest
   * one that reached service, among the activities read: a boot that abandons its lifecycle hook
   * (infra/gpu/boot.sh) ends its launch as Cancelled, a launch EC2 refuses (capacity, image, quota) as
   * Failed. A successful launch *into the warm pool* only prepared a stopped instance: it does not
   * clear the count (issue 31: each refill reset it, so a loop ran on at ≈ 1 USD/h), a failed one adds.
   */
  failedLaunchesAt: number[];
  /**
   * Start (epoch ms) of the oldest launch attempt since the newest one that reached service, among
   * the activities read: how long the group has been trying without an instance in service.
   */
  tryingSince?: number;
}

/** How far back the backstop looks: a launch loop makes a few activities per boot attempt. */
const ACTIVITIES_READ = 50;
const LAUNCH = /^Launching a new EC2 instance/;
/** A launch that prepares a stopped instance for the warm pool ("…into warm pool: i-…"); it never serves. */
const INTO_WARM_POOL = /into warm pool/i;

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
  let tryingSince: number | undefined;
  for (const a of list) {
    if (!LAUNCH.test(a.Description ?? '') || !a.StartTime) continue;
    const intoPool = INTO_WARM_POOL.test(a.Description ?? '');
    // A launch into service ends Successful only once its lifecycle hook completed (boot.sh's CONTINUE).
    if (a.StatusCode === 'Successful' && !intoPool) break;
    const at = new Date(a.StartTime).getTime();
    if (!intoPool) tryingSince = at;
    if (a.StatusCode === 'Failed' || a.StatusCode === 'Cancelled') failedLaunchesAt.push(at);
  }
  const instances = group.Instances ?? [];
  return {
    desired: group.DesiredCapacity ?? 0,
    instances: instances.length,
    inService: instances.filter((i) => i.LifecycleState === 'InService').length,
    ...(started ? { lastActivityAt: new Date(started).getTime() } : {}),
    failedLaunchesAt,
    ...(tryingSince !== undefined ? { tryingSince } : {}),
  };
}

/** Desired capacity 0 now (no cooldown): the group terminates or, with a warm pool, stops its instances. */
export async function stopGroup(name: string): Promise<void> {
  await autoScaling().send(new SetDesiredCapacityCommand({ AutoScalingGroupName: name, DesiredCapacity: 0, HonorCooldown: false }));
}

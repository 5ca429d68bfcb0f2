import { latestJobActivity } from '../adapters/fleet-records';
import { describeGroup, stopGroup } from '../adapters/gpu-group';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { BACKSTOP_REASON, countMetric, METRIC, METRIC_DIMENSION } from '../lib/metrics';

export type BackstopOutcome =
  | { action: 'none'; reason: 'no-group' | 'already-zero' | 'recent-job' | 'recent-scaling' }
  | { action: 'stopped'; reason: typeof BACKSTOP_REASON.idle; idleMinutes: number; desired: number }
  | { action: 'stopped'; reason: typeof BACKSTOP_REASON.launchLoop; failedLaunches: number; desired: number }
  | { action: 'stopped'; reason: typeof BACKSTOP_REASON.noService; tryingMinutes: number; desired: number };

/**
 * The cost backstop: a GPU costs about 590 USD a month, and the only thing that normally scales
 * it in is the worker on it. It sets the group to 0 in two cases, each counted as a metric whose
 * alarm mails the operator the reason (infra/lib/constructs/monitoring.ts):
 * - a launch loop: GPU_BACKSTOP_FAILED_LAUNCHES launches failed or were abandoned (boot.sh) within
 *   GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES and none succeeded since. Every launch is scaling activity,
 *   so the idle rule below would wait for ever while the group pays for boot after boot;
 * - idle: the group still wants instances but neither a job nor a scaling change happened for
 *   GPU_BACKSTOP_IDLE_MINUTES (the worker is dead or stuck). A fresh scale-out counts as life, so
 *   a warm-up request that has not seen its first job yet is left alone for the same time.
 * - no service: the group has tried GPU_BACKSTOP_NO_SERVICE_MINUTES to bring an instance into
 *   service (its oldest launch attempt since the last one that served) and none is InService — a
 *   launch stuck pending, or desired left at 1 after its job failed while launches keep coming.
 * After a launch-loop stop, a scale-out within the window is stopped again at the first failed
 * launch; only one that reaches service (InService) clears the count, a warm-pool refill does not.
 */
export async function runCostBackstop(now = clock.now()): Promise<BackstopOutcome> {
  const {
    GPU_ASG_NAME,
    GPU_BACKSTOP_IDLE_MINUTES,
    GPU_BACKSTOP_FAILED_LAUNCHES,
    GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES,
    GPU_BACKSTOP_NO_SERVICE_MINUTES,
  } = config();
  if (!GPU_ASG_NAME) return { action: 'none', reason: 'no-group' };
  const group = await describeGroup(GPU_ASG_NAME);
  if (!group) return { action: 'none', reason: 'no-group' };
  if (group.desired === 0 && group.instances === 0) return { action: 'none', reason: 'already-zero' };

  const windowMs = GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES * 60_000;
  const failedLaunches = group.failedLaunchesAt.filter((at) => now - at < windowMs).length;
  if (group.desired >= 1 && failedLaunches >= GPU_BACKSTOP_FAILED_LAUNCHES) {
    await stop(GPU_ASG_NAME, BACKSTOP_REASON.launchLoop, { desired: group.desired, failedLaunches });
    return { action: 'stopped', reason: BACKSTOP_REASON.launchLoop, failedLaunches, desired: group.desired };
  }

  if (group.desired >= 1 && group.inService === 0 && group.tryingSince !== undefined) {
    const tryingMinutes = Math.floor((now - group.tryingSince) / 60_000);
    if (tryingMinutes >= GPU_BACKSTOP_NO_SERVICE_MINUTES) {
      await stop(GPU_ASG_NAME, BACKSTOP_REASON.noService, { desired: group.desired, tryingMinutes });
      return { action: 'stopped', reason: BACKSTOP_REASON.noService, tryingMinutes, desired: group.desired };
    }
  }

  const idleMs = GPU_BACKSTOP_IDLE_MINUTES * 60_000;
  const lastJob = await latestJobActivity();
  if (lastJob !== undefined && now - lastJob < idleMs) return { action: 'none', reason: 'recent-job' };
  if (group.lastActivityAt !== undefined && now - group.lastActivityAt < idleMs) return { action: 'none', reason: 'recent-scaling' };
  const idleMinutes = Math.floor((now - Math.max(lastJob ?? 0, group.lastActivityAt ?? 0)) / 60_000);
  await stop(GPU_ASG_NAME, BACKSTOP_REASON.idle, { desired: group.desired, instances: group.instances, idleMinutes });
  return { action: 'stopped', reason: BACKSTOP_REASON.idle, idleMinutes, desired: group.desired };
}

async function stop(group: string, reason: (typeof BACKSTOP_REASON)[keyof typeof BACKSTOP_REASON], details: Record<string, number>) {
  await stopGroup(group);
  logger.warn('cost backstop: GPU group set to 0', { group, reason, ...details });
  countMetric(METRIC.backstopStops, METRIC_DIMENSION.reason, reason);
}

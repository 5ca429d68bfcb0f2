import { latestJobActivity } from '../adapters/fleet-records';
import { describeGroup, stopGroup } from '../adapters/gpu-group';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

export type BackstopOutcome =
  | { action: 'none'; reason: 'no-group' | 'already-zero' | 'recent-job' | 'recent-scaling' }
  | { action: 'stopped'; idleMinutes: number; desired: number };

/**
 * The cost backstop: a GPU costs about 590 USD a month, and the only thing that normally scales
 * it in is the worker on it. When the group still wants instances but neither a job nor a scaling
 * change happened for GPU_BACKSTOP_IDLE_MINUTES, the worker is dead or stuck: set the group to 0.
 * A fresh scale-out counts as life, so a warm-up request that has not seen its first job yet is
 * left alone for the same time.
 */
export async function runCostBackstop(now = Date.now()): Promise<BackstopOutcome> {
  const { GPU_ASG_NAME, GPU_BACKSTOP_IDLE_MINUTES } = config();
  if (!GPU_ASG_NAME) return { action: 'none', reason: 'no-group' };
  const group = await describeGroup(GPU_ASG_NAME);
  if (!group) return { action: 'none', reason: 'no-group' };
  if (group.desired === 0 && group.instances === 0) return { action: 'none', reason: 'already-zero' };
  const idleMs = GPU_BACKSTOP_IDLE_MINUTES * 60_000;
  const lastJob = await latestJobActivity();
  if (lastJob !== undefined && now - lastJob < idleMs) return { action: 'none', reason: 'recent-job' };
  if (group.lastActivityAt !== undefined && now - group.lastActivityAt < idleMs) return { action: 'none', reason: 'recent-scaling' };
  const idleMinutes = Math.floor((now - Math.max(lastJob ?? 0, group.lastActivityAt ?? 0)) / 60_000);
  await stopGroup(GPU_ASG_NAME);
  logger.warn('cost backstop: GPU group set to 0', {
    group: GPU_ASG_NAME,
    desired: group.desired,
    instances: group.instances,
    idleMinutes,
  });
  return { action: 'stopped', idleMinutes, desired: group.desired };
}

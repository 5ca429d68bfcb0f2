import { incrementWithinLimit, type WindowCount } from '../adapters/counters-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { RateLimitError } from '../lib/errors';

export interface RateLimit {
  /** What is limited, e.g. `contact`, `generate-ip`. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The fixed window `now` falls in, epoch seconds (the quota meter reads the same window). Windows begin
 * on multiples of their length, shifted by RATE_WINDOW_PHASE_SECONDS (0 in AWS).
 */
export function windowOf(rule: Pick<RateLimit, 'windowSeconds'>, now = clock.now()): { windowStart: number; windowEnd: number } {
  const phase = config().RATE_WINDOW_PHASE_SECONDS % rule.windowSeconds;
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - ((nowSeconds - phase) % rule.windowSeconds);
  return { windowStart, windowEnd: windowStart + rule.windowSeconds };
}

/** The counter of `subject` in the fixed window that holds `now`. */
export function windowCount(rule: RateLimit, subject: string, now = clock.now()): WindowCount {
  const { windowStart } = windowOf(rule, now);
  return { key: `rl#${rule.scope}#${subject}`, windowStart, windowSeconds: rule.windowSeconds, limit: rule.limit };
}

/** Seconds until the window of `count` ends (a 429's Retry-After). */
export function secondsLeft(count: WindowCount, now = clock.now()): number {
  return count.windowStart + count.windowSeconds - Math.floor(now / 1000);
}

/**
 * Counts one attempt for `subject` (an IP, a visitor id) in the current fixed window and throws a
 * 429 with Retry-After when the limit is already reached. A limit of 0 or less disables the check.
 */
export async function consume(rule: RateLimit, subject: string, message: string, now = clock.now()): Promise<void> {
  if (rule.limit <= 0) return;
  const count = windowCount(rule, subject, now);
  const allowed = await incrementWithinLimit(count.key, count.windowStart, count.windowSeconds, count.limit);
  if (!allowed) throw new RateLimitError(message, secondsLeft(count, now));
}

/** consume() that answers false instead of throwing when the limit is reached. */
export async function tryConsume(rule: RateLimit, subject: string, now = clock.now()): Promise<boolean> {
  if (rule.limit <= 0) return true;
  const count = windowCount(rule, subject, now);
  return incrementWithinLimit(count.key, count.windowStart, count.windowSeconds, count.limit);
}

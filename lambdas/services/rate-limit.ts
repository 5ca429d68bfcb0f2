import { incrementWithinLimit } from '../adapters/counters-table';
import { RateLimitError } from '../lib/errors';

export interface RateLimit {
  /** What is limited, e.g. `contact`, `generate-ip`. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** The fixed window `now` falls in, epoch seconds (the quota meter reads the same window). */
export function windowOf(rule: Pick<RateLimit, 'windowSeconds'>, now = Date.now()): { windowStart: number; windowEnd: number } {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  return { windowStart, windowEnd: windowStart + rule.windowSeconds };
}

/**
 * Counts one attempt for `subject` (an IP, a visitor id) in the current fixed window and throws a
 * 429 with Retry-After when the limit is already reached. A limit of 0 or less disables the check.
 */
export async function consume(rule: RateLimit, subject: string, message: string, now = Date.now()): Promise<void> {
  if (rule.limit <= 0) return;
  const { windowStart, windowEnd } = windowOf(rule, now);
  const allowed = await incrementWithinLimit(`rl#${rule.scope}#${subject}`, windowStart, rule.windowSeconds, rule.limit);
  if (!allowed) throw new RateLimitError(message, windowEnd - Math.floor(now / 1000));
}

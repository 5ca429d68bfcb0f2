import { incrementWithinLimit } from '../adapters/counters-table';
import { RateLimitError } from '../lib/errors';

export interface RateLimit {
  /** What is limited, e.g. `contact`, `generate-ip`. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for `subject` (an IP, a visitor id) in the current fixed window and throws a
 * 429 with Retry-After when the limit is already reached. A limit of 0 or less disables the check.
 */
export async function consume(rule: RateLimit, subject: string, message: string, now = Date.now()): Promise<void> {
  if (rule.limit <= 0) return;
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const allowed = await incrementWithinLimit(`rl#${rule.scope}#${subject}`, windowStart, rule.windowSeconds, rule.limit);
  if (!allowed) throw new RateLimitError(message, windowStart + rule.windowSeconds - nowSeconds);
}

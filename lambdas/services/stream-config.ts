import { z } from 'zod';
import { envSettings } from '../lib/env-settings';

/**
 * Settings of the live-progress streams (GET /api/generate/{jobId}/events), read and validated once
 * at cold start (docs/reliability.md, "Live streams").
 */
const streamConfigSchema = z.object({
  /** Open streams one job may have at once (a visitor's tabs); the next is a 429 and the browser polls. */
  STREAMS_PER_JOB: z.coerce.number().int().min(1).max(100).default(3),
  /** Open streams one network (networkOf 'stream': an IPv4 address, an IPv6 /64) may have at once. */
  STREAMS_PER_NETWORK: z.coerce.number().int().min(1).max(1000).default(6),
  /**
   * A stream ends itself after this long; the browser then follows by polling. Short, so a slot a
   * crashed stream never gave back is free again soon (it expires a minute after this).
   */
  STREAM_MAX_SECONDS: z.coerce.number().int().min(5).max(840).default(300),
});

export type StreamConfig = z.infer<typeof streamConfigSchema>;

const settings = envSettings(streamConfigSchema);

export const streamConfig: () => StreamConfig = settings.read;

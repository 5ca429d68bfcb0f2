import * as z from 'zod';
import type { ImageCheckResult } from '../image-check';

/**
 * The image check's verdict as it travels (the worker's task result → StoreImage) and as it is stored
 * (the image record's `imageCheck`, the author's view). Rules and constants: shared/image-check.ts.
 */
export const imageCheckSchema = z.object({
  verdict: z.enum(['ok', 'flagged', 'unchecked']),
  by: z.string().min(1).max(200),
  reasons: z.array(z.string().max(500)).max(20),
}) satisfies z.ZodType<ImageCheckResult>;

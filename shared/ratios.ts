import { z } from 'zod';
import { ASPECT_RATIO_LABELS } from './ratio-table';

/** The table itself lives in ratio-table.ts (zod-free, for the browser's initial chunk). */
export * from './ratio-table';

/** An aspect-ratio option as the studio offers it (spec section 3). */
export const aspectRatioOptionSchema = z.object({
  label: z.string(),
  description: z.string(),
  value: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
});

export const aspectRatioLabelSchema = z.enum(ASPECT_RATIO_LABELS, {
  error: `Aspect ratio must be one of ${ASPECT_RATIO_LABELS.join(', ')}.`,
});

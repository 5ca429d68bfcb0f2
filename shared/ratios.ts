import * as z from 'zod';
import { ASPECT_RATIO_LABELS } from './ratio-table';

/** The table itself lives in ratio-table.ts (zod-free, for the browser's initial chunk). */
export * from './ratio-table';
export const aspectRatioLabelSchema = z.enum(ASPECT_RATIO_LABELS, {
  error: `Aspect ratio must be one of ${ASPECT_RATIO_LABELS.join(', ')}.`,
});

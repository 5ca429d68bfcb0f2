import * as z from 'zod';
import { CATEGORY_API_VALUES } from './category-table';

/** The table itself lives in category-table.ts (zod-free, for the browser's initial chunk). */
export * from './category-table';

export const categoryValueSchema = z.enum(CATEGORY_API_VALUES, {
  error: `Category must be one of ${CATEGORY_API_VALUES.join(', ')}.`,
});
export type CategoryValue = z.infer<typeof categoryValueSchema>;

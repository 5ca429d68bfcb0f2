import * as z from 'zod';
import { ADS } from '../constants';

/** A sponsored ad (spec section 3). */
const adSchema = z.object({
  id: z.string().optional(),
  navigateUrl: z.string(),
  imageUrl: z.string(),
  alternateText: z.string().default(ADS.defaultAltText),
});
export type Ad = z.infer<typeof adSchema>;
export const adListSchema = z.array(adSchema);

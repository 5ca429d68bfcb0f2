import * as z from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../safety';
import { idParam, textField, uuidSchema } from './common';
import { HONEYPOT_FIELD } from './forms';

export const imageReportSchema = z.object({
  /** Image ids are job ids (UUIDs) or the operator's import ids. */
  imageId: idParam('imageId is not an image id.'),
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }),
  details: textField({ multiline: true })
    .trim()
    .max(REPORT_DETAILS_MAX, { error: `Details must be at most ${REPORT_DETAILS_MAX} characters.` })
    .optional()
    .default(''),
  /**
   * The site's anonymous visitor id (the studio's userId), when the browser has one: a report counts
   * once per reporter, and one visitor id seen over IPv4 and IPv6 is one reporter (docs/safety.md).
   */
  userId: uuidSchema.optional(),
});
export type ImageReport = z.infer<typeof imageReportSchema>;
export const imageReportRequestSchema = imageReportSchema.extend({
  [HONEYPOT_FIELD]: z.string().max(500).optional().default(''),
});

/** The answer of POST /api/reports; a repeat report of the same picture from the same network answers the first id. */
export const reportReceiptSchema = z.object({ id: z.string(), received: z.literal(true) });

// GET /api/generate/quota?userId=
export const quotaResponseSchema = z.object({
  /** The cap that binds first: the visitor's own, or the network's when fewer are left there. */
  scope: z.enum(['visitor', 'network']),
  limit: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  /** ISO time the hourly window ends and every used image frees up (fixed windows). */
  resetsAt: z.string(),
  /** False when the operator disabled the caps (limit 0). */
  enforced: z.boolean(),
});
export type QuotaResponse = z.infer<typeof quotaResponseSchema>;

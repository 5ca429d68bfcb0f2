import * as z from 'zod';
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, INBOX_KINDS, INBOX_STATES } from '../admin';
import { categoryValueSchema } from '../categories';
import { aspectRatioLabelSchema } from '../ratios';
import { OVERVIEW_RANGES } from '../stats';
import { resolveImageUrl } from '../url-rule';
import { idParam, intParam, refuseForbiddenCharacters, textField } from './common';
import { galleryImageSchema } from './gallery';
import { promptSchema } from './generation';

/** GET /api/auth/config: what the console's OpenID Connect client needs (public). */
const authConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** Set where the provider's discovery lists no end_session_endpoint (Cognito's /logout). */
  endSessionUrl: z.string().optional(),
  /** Extra query parameters the end-session endpoint wants (Cognito: client_id, logout_uri). */
  logoutParams: z.record(z.string(), z.string()).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

// POST /api/admin/generate
export const adminGenerateRequestSchema = z.object({
  prompt: promptSchema,
  aspectRatio: aspectRatioLabelSchema,
  category: categoryValueSchema,
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'requestId must be 8-64 letters, digits, - or _.' }),
});
export type AdminGenerateRequest = z.infer<typeof adminGenerateRequestSchema>;

/** An image as the console lists it: the public fields plus its state. */
const adminImageSchema = galleryImageSchema.extend({
  owner: z.enum(['admin', 'user']),
  hidden: z.boolean(),
  featured: z.boolean(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;

export const adminListQuerySchema = z.object({
  skip: intParam('skip', { max: 100_000, default: 0 }),
  take: intParam('take', { min: 1, max: 100, default: ADMIN_PAGE_SIZE }),
});

export const imageIdPathSchema = z.object({ id: idParam('Unknown image id.') });

/**
 * PUT /api/admin/images/{id}: any of the four; at least one. `keep: true` is the moderation queue's
 * Keep: visible again, the report count restarted, out of the queue, and never hidden by reports
 * alone again (`hidden: false` on a hidden picture, the Admin Gallery's Unhide, does the same;
 * docs/safety.md). It cannot go with `hidden: true`.
 */
export const imagePatchSchema = z
  .object({
    hidden: z.boolean().optional(),
    featured: z.boolean().optional(),
    category: categoryValueSchema.optional(),
    keep: z.literal(true).optional(),
  })
  .strict()
  .refine((p) => p.hidden !== undefined || p.featured !== undefined || p.category !== undefined || p.keep !== undefined, {
    error: 'Send hidden, featured, category or keep.',
  })
  .refine((p) => !(p.keep && p.hidden), { error: 'Keep shows the picture: it cannot go with hidden.' });
export type ImagePatch = z.infer<typeof imagePatchSchema>;

const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const cursorQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,2048}$/, { error: 'Invalid cursor.' })
    .optional(),
  take: intParam('take', { min: 1, max: 100, default: ADMIN_PAGE_SIZE }),
});

/** An ad as the console sees it (the public API serves only enabled ones, without the flag). */
const adminAdSchema = z.object({
  id: z.string(),
  navigateUrl: z.string(),
  imageUrl: z.string(),
  alternateText: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** First and last day it is served (UTC, inclusive); absent: no limit that side. */
  startsOn: z.string().optional(),
  endsOn: z.string().optional(),
  /** Its counts over the last ADS.statsDays days (today included). */
  recent: z.object({ impressions: z.number(), clicks: z.number() }),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

/** One day of an ad's counts (UTC day). */
export interface AdDayCount {
  day: string;
  impressions: number;
  clicks: number;
}
/** GET /api/admin/ads/{id}/stats: the last ADS.statsDays days, oldest first, a row for every day (0 when nothing was counted). */
export interface AdStats {
  id: string;
  days: AdDayCount[];
}

/** A calendar day, `YYYY-MM-DD` (an ad's start or end date, UTC). */
export const dayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date is written YYYY-MM-DD.' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'Not a calendar date.',
  });
/** The end date may not come before the start date (both optional). */
export const datesInOrder = (dates: { startsOn?: string | null | undefined; endsOn?: string | null | undefined }) =>
  !dates.startsOn || !dates.endsOn || dates.startsOn <= dates.endsOn;
const DATES_ORDER_ERROR = { error: 'The end date comes before the start date.', path: ['endsOn'] };

/**
 * The shared url rule for an ad's link: an absolute https url (what resolveImageUrl keeps as is). Plain http is
 * refused: an ad sends visitors away from an https site, and the console's form checks with this same schema.
 */
export const adLinkSchema = z
  .string()
  .superRefine(refuseForbiddenCharacters())
  .trim()
  .max(2048, { error: 'The link is too long.' })
  .refine((u) => /^https:\/\//i.test(u) && resolveImageUrl(u, '') === u && URL.canParse(u), {
    error: 'The link must be an absolute https:// url.',
  });

/** An ad banner's data URL, in characters (= bytes: base64 is ASCII): a 3 MB image in base64. */
export const AD_IMAGE_MAX_CHARS = 4 * 1024 * 1024;
/** The largest ad create/update body: the banner plus the link, the alt text and JSON (the WAF's cap on those routes). */
export const AD_BODY_MAX_BYTES = AD_IMAGE_MAX_CHARS + 16 * 1024;

const imageDataUrl = z
  .string()
  .max(AD_IMAGE_MAX_CHARS, { error: 'The image is too large (3 MB at most).' })
  .regex(/^data:[a-z/+.-]*;base64,[A-Za-z0-9+/=]+$/, { error: 'image must be a base64 data URL.' });

export const adCreateSchema = z
  .object({
    navigateUrl: adLinkSchema,
    alternateText: textField().trim().max(200, { error: 'Alt text: 200 characters at most.' }).optional(),
    enabled: z.boolean().default(true),
    image: imageDataUrl,
    startsOn: dayString.optional(),
    endsOn: dayString.optional(),
  })
  .refine(datesInOrder, DATES_ORDER_ERROR);
export const adUpdateSchema = z
  .object({
    navigateUrl: adLinkSchema.optional(),
    alternateText: textField().trim().max(200, { error: 'Alt text: 200 characters at most.' }).optional(),
    enabled: z.boolean().optional(),
    image: imageDataUrl.optional(),
    /** null clears the date. */
    startsOn: dayString.nullable().optional(),
    endsOn: dayString.nullable().optional(),
  })
  .strict()
  .refine(datesInOrder, DATES_ORDER_ERROR);
export const adIdPathSchema = z.object({ id: idParam('Unknown ad id.') });

export const inboxQuerySchema = cursorQuerySchema.extend({
  kind: z.enum(INBOX_KINDS, { error: `kind must be one of ${INBOX_KINDS.join(', ')}.` }).default(INBOX_KINDS[0]),
  state: z.enum([...INBOX_STATES, 'all'] as const).default('all'),
});
export const inboxRefSchema = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, { error: 'Unknown message.' }) });
export const inboxHandledSchema = inboxRefSchema.extend({ handled: z.boolean().default(true) });

const inboxItemSchema = z.object({
  ref: z.string(),
  id: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number()])),
  handled: z.boolean(),
  attachment: z.object({ contentType: z.string(), size: z.number(), filename: z.string() }).optional(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

// GET /api/admin/overview (issue 33): the operator's overview of a range, from the hourly aggregates.
export const overviewQuerySchema = z.object({
  range: z.enum(OVERVIEW_RANGES, { error: `range must be one of ${OVERVIEW_RANGES.join(', ')}.` }).default('today'),
});
const waitSummarySchema = z.object({
  /** Pictures whose wait was counted. */
  count: z.number().int().nonnegative(),
  /** Seconds, from the histogram (shared/stats.ts percentileOf); null without pictures. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
});
const overviewPointSchema = z.object({
  /** Start of the hour (range today) or UTC day (7d, 30d). */
  at: z.string(),
  visitor: z.number(),
  operator: z.number(),
  failed: z.number(),
  refused: z.number(),
  gpuMinutes: z.number(),
  waitP50: z.number().nullable(),
  waitP95: z.number().nullable(),
});
export type OverviewPoint = z.infer<typeof overviewPointSchema>;
export const overviewSchema = z.object({
  range: z.enum(OVERVIEW_RANGES),
  from: z.string(),
  to: z.string(),
  step: z.enum(['hour', 'day']),
  /** When the newest aggregate of the range was written; null when nothing was counted in it. */
  updatedAt: z.string().nullable(),
  generations: z.object({ visitor: z.number(), operator: z.number() }),
  failures: z.array(z.object({ reason: z.string(), count: z.number() })),
  timeToPicture: z.object({ cold: waitSummarySchema, warm: waitSummarySchema }),
  /** GPU busy minutes (the workers' time on jobs) and their cost at the configured hourly price: an estimate. */
  gpu: z.object({ minutes: z.number(), hourlyPriceUsd: z.number(), estimatedCostUsd: z.number() }),
  refusals: z.array(z.object({ layer: z.string(), reason: z.string(), count: z.number() })),
  imageCheckFlags: z.number(),
  reportsWaiting: z.number(),
  unreadMessages: z.number(),
  storage: z.object({ usedBytes: z.number(), addedBytes: z.number(), removedBytes: z.number() }),
  points: z.array(overviewPointSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

import * as z from 'zod';
import { categoryValueSchema } from '../categories';
import {
  ADMIN_USER,
  DEFAULT_CATEGORY,
  MAX_PROMPT_LENGTH,
  MODEL_NAME,
  MODEL_STEPS,
  MODEL_VERSION,
  RENDERERS,
  VISITOR_USER,
} from '../constants';
import { isHeldBack } from '../image-check';
import { aspectRatioLabelSchema } from '../ratios';
import { idParam, modelParam, refuseForbiddenCharacters, skipParam, takeParam, textField, uuidSchema } from './common';
import { imageCheckSchema } from './image-check';

/** A gallery image as the API answers it (spec section 3, plus id, size and seed). */
export const galleryImageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  prompt: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  url: z.string(),
  /** The largest thumbnail: THUMBNAIL_MAX_WIDTH px wide, or the picture's width if narrower. */
  thumbnailUrl: z.string(),
  /** The smaller thumbnails (shared/thumbnails.ts), for srcset; absent on records from before them (issue 25). */
  thumbnails: z.array(z.object({ url: z.string(), width: z.number().int().positive() })).optional(),
  aspectRatio: z.string(),
  modelName: z.string(),
  /** What drew it (shared/constants RENDERERS); absent on records from before it was kept (ComfyUI). */
  renderer: z.enum(RENDERERS).optional(),
  category: z.string().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  /**
   * Only on a picture the image check held back (docs/safety.md), which only its author is shown:
   * blurred, with these reasons, and with no url to its original (`url` is the thumbnail's).
   */
  imageCheck: imageCheckSchema.optional(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/**
 * The API's view of a stored image record (which carries keys and moderation fields besides): the
 * one mapping every read path uses. It lives beside the schema, not in the write-side image store,
 * so a read never loads what writing needs (sharp, the transactions).
 */
export function toGalleryImage(item: GalleryImage): GalleryImage {
  return {
    id: item.id,
    fileName: item.fileName,
    prompt: item.prompt,
    createdAt: item.createdAt,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    ...(item.thumbnails?.length ? { thumbnails: item.thumbnails } : {}),
    aspectRatio: item.aspectRatio,
    modelName: item.modelName,
    ...(item.renderer ? { renderer: item.renderer } : {}),
    category: item.category,
    width: item.width,
    height: item.height,
    seed: item.seed,
    ...(isHeldBack(item.imageCheck) ? { imageCheck: item.imageCheck } : {}),
  };
}

/**
 * Moderation state of an image record, for the operator's lists. `hidden` keeps the image out of
 * every public list (reports past REPORT_HIDE_THRESHOLD, or the operator); public answers never
 * carry these fields, since they never hold a hidden image.
 */
export const imageModerationSchema = z.object({
  hidden: z.boolean().optional(),
  /** Distinct networks that reported the image. */
  reportCount: z.number().int().nonnegative().optional(),
});
export type ImageModeration = z.infer<typeof imageModerationSchema>;
export const galleryImageListSchema = z.array(galleryImageSchema);

// GET /api/gallery/list
export const galleryListQuerySchema = z.object({
  model: modelParam,
  userId: uuidSchema,
  skip: skipParam,
  take: takeParam,
});
export type GalleryListQuery = z.infer<typeof galleryListQuerySchema>;

// GET /api/gallery/admin, GET /api/gallery/admin/random
export const adminListQuerySchema = z.object({ model: modelParam, skip: skipParam, take: takeParam });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

// GET /api/gallery/category/metadata, GET /api/gallery/category/all
export const categoryQuerySchema = z.object({
  model: modelParam,
  category: categoryValueSchema,
  user: z
    .literal(ADMIN_USER, { error: `user must be ${ADMIN_USER}.` })
    .optional()
    .default(ADMIN_USER),
});
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

export const categoryMetadataSchema = z.object({ lastUpdated: z.string() });
export type CategoryMetadata = z.infer<typeof categoryMetadataSchema>;

/** How many of each collection's newest images GET /api/gallery/categories answers (covers and home's samples). */
export const COLLECTION_SAMPLES = 2;

// GET /api/gallery/categories: one row per collection (home's cards, showcase and blog sections).
export const collectionOverviewSchema = z.object({
  category: z.string(),
  count: z.number().int().nonnegative(),
  lastUpdated: z.string().optional(),
  /** The collection's newest images (at most COLLECTION_SAMPLES), the first one its cover. */
  samples: galleryImageListSchema,
});
export type CollectionOverview = z.infer<typeof collectionOverviewSchema>;
export const collectionOverviewListSchema = z.array(collectionOverviewSchema);

// GET /api/download
export const downloadQuerySchema = z.object({
  path: z.string().min(1, { error: 'path is required.' }).max(2048).superRefine(refuseForbiddenCharacters()),
  /** The visitor's id: a visitor's picture that is not shared is downloaded by its author only. */
  userId: uuidSchema.optional(),
});

/**
 * POST /api/gallery/save (spec section 3). Here it is the operator's import: the role comes from
 * the verified token, never from `user`, which is accepted for compatibility and ignored.
 */
export const saveImageRequestSchema = z.object({
  base64Image: z.string().regex(/^data:image\/[a-z+]+;base64,/, { error: 'base64Image must be a data URL.' }),
  prompt: textField({ multiline: true }).trim().min(1, { error: 'prompt is required.' }).max(MAX_PROMPT_LENGTH),
  userId: z.string().max(64).optional(),
  user: z.enum([VISITOR_USER, ADMIN_USER]).optional(),
  category: z.union([categoryValueSchema, z.literal(DEFAULT_CATEGORY)]).default(DEFAULT_CATEGORY),
  steps: z.number().int().optional().default(MODEL_STEPS),
  deviceInfo: z.string().max(512).optional(),
  modelName: z.literal(MODEL_NAME).optional().default(MODEL_NAME),
  modelVersion: z.literal(MODEL_VERSION).optional().default(MODEL_VERSION),
  promptIdFromComfyUI: z.string().max(128).optional(),
  aspectRatio: aspectRatioLabelSchema,
});
export type SaveImageRequest = z.infer<typeof saveImageRequestSchema>;

export const saveImageResponseSchema = z.object({ fileName: z.string(), url: z.string(), thumbnail: z.string() });
export type SaveImageResponse = z.infer<typeof saveImageResponseSchema>;

// GET /api/gallery/search?q=: the public pictures (featured and collections) whose prompts hold every word of q.
export const SEARCH_MAX_RESULTS = 60;
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required.' })
    .superRefine(refuseForbiddenCharacters({ emoji: true }))
    .trim()
    .min(2, { error: 'Type at least 2 characters.' })
    .max(100, { error: 'At most 100 characters.' }),
});
export const searchResponseSchema = z.object({
  images: galleryImageListSchema,
  /** Every match, of which `images` holds the newest SEARCH_MAX_RESULTS. */
  total: z.number().int().min(0),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// POST /api/images/{id}/share: the author of a visitor's picture makes it public (or private again).
export const imageIdParamSchema = z.object({ id: idParam('Not a picture id.') });
/** GET /api/images/{id}?userId: the reader's visitor id, so their own unshared picture is theirs to read (optional). */
export const imageReadQuerySchema = z.object({ userId: uuidSchema.optional() });
export const shareRequestSchema = z.object({ userId: uuidSchema, shared: z.boolean({ error: 'shared must be true or false.' }) });
export const shareResponseSchema = z.object({ shared: z.boolean(), pageUrl: z.string() });
export type ShareResponse = z.infer<typeof shareResponseSchema>;
/** The public page of one picture (served with its link-preview tags by GET /i/{id}). */
export const picturePagePath = (id: string) => `/i/${encodeURIComponent(id)}`;

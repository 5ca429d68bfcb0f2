import * as z from 'zod';
import { MAX_PROMPT_LENGTH } from '../constants';
import { checkPrompt } from '../prompt-rule';
import { aspectRatioLabelSchema } from '../ratios';
import { MAX_VARIANTS } from '../variants';
import { refuseForbiddenCharacters, uuidSchema } from './common';
import { galleryImageSchema } from './gallery';

export const GENERIC_GENERATION_ERROR = 'Failed to generate. Please try again.';
export const GENERATION_SUCCESS = 'Image generated successfully!';

/** A prompt as the generate routes take it: the shared meaningful-prompt rule, at most MAX_PROMPT_LENGTH characters. */
export const promptSchema = z
  .string()
  .superRefine(refuseForbiddenCharacters({ multiline: true, emoji: true }))
  .max(MAX_PROMPT_LENGTH, { error: `Prompt must be at most ${MAX_PROMPT_LENGTH} characters.` })
  .transform((p, ctx) => {
    const check = checkPrompt(p);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return check.prompt;
  });

/** How many pictures of one prompt a job makes (shared/variants.ts); absent: DEFAULT count 1. */
export const variantCountSchema = z
  .number({ error: 'count must be a number.' })
  .int({ error: 'count must be a whole number.' })
  .min(1, { error: `count must be between 1 and ${MAX_VARIANTS}.` })
  .max(MAX_VARIANTS, { error: `count must be between 1 and ${MAX_VARIANTS}.` });

// POST /api/generate
export const generateRequestSchema = z.object({
  prompt: promptSchema,
  aspectRatio: aspectRatioLabelSchema,
  userId: uuidSchema,
  /** Idempotency key made by the browser per click: the same value twice starts one job. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'requestId must be 8-64 letters, digits, - or _.' }),
  /**
   * 'Make it in another shape': the seed of the picture being remixed, so the same prompt in another
   * ratio keeps the composition as close as the model allows. Absent: the worker draws one.
   */
  seed: z
    .number({ error: 'seed must be a number.' })
    .int({ error: 'seed must be a whole number.' })
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  /**
   * Variants (issue 32): pictures of this prompt and ratio, 1..MAX_VARIANTS (absent: 1), one quota unit
   * each; picture i gets variantSeed(seed, i), with the worker's drawn seed when `seed` is absent.
   */
  count: variantCountSchema.optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const JOB_STATUSES = ['queued', 'starting', 'generating', 'saving', 'done', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const TERMINAL_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

// GET /api/generate/{jobId}
export const jobStatusResponseSchema = z.object({
  jobId: z.string(),
  status: jobStatusSchema,
  percent: z.number().min(0).max(100),
  message: z.string(),
  queuePosition: z.number().int().nonnegative().optional(),
  etaSeconds: z.number().nonnegative().optional(),
  /**
   * The finished picture, as this reader may have it (docs/privacy.md): its author (the studio sends
   * `?userId=`) gets it with presigned urls, anyone else only while it is shared, nobody while hidden.
   */
  image: galleryImageSchema.optional(),
  /** Pictures the job asks for (1 for jobs from before variants). */
  count: z.number().int().min(1).max(MAX_VARIANTS),
  /**
   * The pictures finished so far that this reader may have, in index order, each with its own id and
   * seed: a picture shows here as soon as the worker has made and checked it (its author reads it from
   * staging until StoreImage stores it), before the others are done. Same privacy rule as `image`, which
   * is the first of these. A held-back picture shows once stored (blurred, no original); a hidden one never.
   */
  images: z.array(galleryImageSchema),
  /** The finished picture is hidden by moderation: said to its author, with no url. */
  hidden: z.literal(true).optional(),
});
export type JobStatusResponse = z.infer<typeof jobStatusResponseSchema>;

/**
 * The answer of POST /api/generate. The browser parses it with the check compiled from this schema
 * (frontend/build/virtual-modules.ts `answerSchemas` names it), so no module imports it.
 * @public
 */
export const generateAcceptedSchema = z.object({ jobId: z.string() });

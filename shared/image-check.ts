/**
 * The image check's verdict and policy (docs/safety.md, 'Image check'). Plain values and pure rules,
 * no zod, so the studio and the gallery can read them; the zod schema is in schemas/image-check.ts.
 */

/** What the check said about one finished picture: stored on the image record as `imageCheck`. */
export interface ImageCheckResult {
  verdict: 'ok' | 'flagged' | 'unchecked';
  /** The layer that decided (`nsfwjs MobileNetV2`, `Amazon Rekognition`, `operator <name>` after a release). */
  by: string;
  /** Plain words: what was found (a class and its score), or why it was not checked. */
  reasons: string[];
}

/** The worker's own model, as verdicts and /api/health name it. */
export const NSFW_MODEL_NAME = 'nsfwjs MobileNetV2 (tfjs-wasm)';

/** nsfwjs's five classes (its MobileNetV2 is a classifier: the five scores sum to 1). */
export const NSFW_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwScores = Record<NsfwClass, number>;

/**
 * Thresholds of the policy, chosen before measuring (never tuned on the seed pictures, which are the
 * false-flag measure). Explicit is Porn + Hentai, the classes of sexual acts and nudity (photo or drawn):
 * it flags at 0.5, more likely explicit than not. Sexy (suggestive, clothed) counts only with them and
 * much higher, at 0.8 for the three together: swimwear and fashion land in Sexy, and a picture the model
 * splits between Porn and Sexy still flags. `npm run bench -- image-check` prints the false-flag rate.
 */
export const IMAGE_CHECK_THRESHOLDS = {
  explicit: 0.5,
  withSexy: 0.8,
} as const;

const pct = (p: number) => `${Math.round(p * 100)}%`;

/** The policy over nsfwjs's scores: flagged with the scores that decided, or ok. */
export function judgeScores(scores: NsfwScores, by: string, t = IMAGE_CHECK_THRESHOLDS): ImageCheckResult {
  const explicit = scores.Porn + scores.Hentai;
  const scored = `Porn ${pct(scores.Porn)}, Hentai ${pct(scores.Hentai)}, Sexy ${pct(scores.Sexy)}`;
  if (explicit >= t.explicit) return { verdict: 'flagged', by, reasons: [`explicit content (${scored})`] };
  if (explicit + scores.Sexy >= t.withSexy) return { verdict: 'flagged', by, reasons: [`sexual content (${scored})`] };
  return { verdict: 'ok', by, reasons: [] };
}

/**
 * Held back: not shareable, not featured, shown blurred to its author, in the operator's queue. A
 * picture the check could not look at is held back too (fail closed); a record from before the check
 * (no field) is not, as it was public before.
 */
export const isHeldBack = (check: ImageCheckResult | undefined): boolean => check !== undefined && check.verdict !== 'ok';

/** Error code of a share or feature the image check refuses (409). */
export const IMAGE_CHECK_REFUSED = 'image_check_flagged';

/** The moderation queue's reason for a picture the check held back (not a reason a visitor can pick). */
export const IMAGE_CHECK_REASON = 'image_check';

/** What the author reads under the blurred picture (studio result and their gallery). */
export function heldBackNotice(check: ImageCheckResult): string {
  const why = check.reasons.length ? ` (${check.reasons.join('; ')})` : '';
  return check.verdict === 'flagged'
    ? `Our automatic image check flagged this picture${why}. It stays private and blurred, cannot be shared, and waits for a moderator's review.`
    : `Our automatic image check could not look at this picture${why}. It stays private and blurred until a moderator has reviewed it.`;
}

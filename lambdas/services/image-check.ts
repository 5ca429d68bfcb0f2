import { putAuditEntry } from '../adapters/audit-log';
import { getImage } from '../adapters/images-table';
import { detectModerationLabels } from '../adapters/rekognition';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { loadSharp } from '../lib/sharp';

/**
 * Checking a finished operator picture before it is listed (issue 15, item 4): Amazon Rekognition
 * DetectModerationLabels when the stack sets IMAGE_MODERATION=rekognition (context imageModeration),
 * otherwise the check that checks nothing and says so in /api/health (docs/safety.md, 'Image check').
 */
export interface ImageCheck {
  /** What /api/health reports. */
  readonly name: string;
  /** Undefined when the picture may be public; otherwise the reasons that stop it (label names, or why it was not checked). */
  check(png: Buffer): Promise<{ labels: string[] } | undefined>;
}

const noImageCheck: ImageCheck = {
  name: 'off (no image moderation)',
  check: async () => undefined,
};

/** Rekognition's limit on Image.Bytes. */
export const REKOGNITION_MAX_BYTES = 5 * 1024 * 1024;

/** The picture as Rekognition takes it: the PNG itself, or a JPEG of it when the PNG is over 5 MB. */
export async function moderationBytes(png: Buffer): Promise<Buffer> {
  if (png.length <= REKOGNITION_MAX_BYTES) return png;
  const sharp = await loadSharp();
  return sharp(png).resize({ width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Rekognition with labels at or above `minConfidence`. Fails closed: when Rekognition cannot answer,
 * the picture is held back as 'not checked' (the operator can unhide it), never listed unchecked.
 */
function rekognitionImageCheck(minConfidence: number): ImageCheck {
  return {
    name: `Amazon Rekognition moderation labels ≥ ${minConfidence}%`,
    check: async (png) => {
      let labels: Awaited<ReturnType<typeof detectModerationLabels>>;
      try {
        labels = await detectModerationLabels(await moderationBytes(png), minConfidence);
      } catch (err) {
        logger.error('DetectModerationLabels failed; storing the picture hidden', { error: err as Error });
        return { labels: ['not checked: Amazon Rekognition did not answer'] };
      }
      const found = labels.filter((l) => l.confidence >= minConfidence);
      if (!found.length) return undefined;
      return { labels: found.map((l) => `${l.parentName ? `${l.parentName} / ` : ''}${l.name} (${Math.round(l.confidence)}%)`) };
    },
  };
}

export function imageCheck(): ImageCheck {
  const { IMAGE_MODERATION, IMAGE_MODERATION_MIN_CONFIDENCE } = config();
  return IMAGE_MODERATION === 'rekognition' ? rekognitionImageCheck(IMAGE_MODERATION_MIN_CONFIDENCE) : noImageCheck;
}

/** Who hid an image the check held back (the record's hiddenBy and the audit entry's actor). */
const IMAGE_CHECK_ACTOR = 'image-check';

/**
 * For the StoreImage step, before an operator image is stored: undefined when it may be listed, or
 * the hiddenBy to store it with when the check holds it back. The audit log then says why (one
 * entry per image: StoreImage may run twice). An image already stored keeps its state, unchecked again.
 */
export async function holdBackOperatorImage(id: string, png: Buffer, category: string): Promise<string | undefined> {
  const check = imageCheck();
  if (check === noImageCheck || (await getImage(id, true))) return undefined;
  const found = await check.check(png);
  if (!found) return undefined;
  logger.warn('operator image held back by the image check', { imageId: id, labels: found.labels });
  await putAuditEntry({
    id: `image-check-${id}`,
    at: clock.date().toISOString(),
    actor: IMAGE_CHECK_ACTOR,
    action: 'hide',
    target: `image:${id}`,
    after: { hidden: true, featured: false, category, reason: `${check.name}: ${found.labels.join(', ')}` },
  });
  return IMAGE_CHECK_ACTOR;
}

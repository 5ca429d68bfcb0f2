import { IMAGE_CHECK_REASON, type ImageCheckResult } from '../../shared/image-check';
import { IMAGE_REPORT_TYPE, REPORTS_ACTOR } from '../../shared/safety';
import { putAuditEntry } from '../adapters/audit-log';
import { listReported } from '../adapters/image-reports';
import type { ImageItem } from '../adapters/images-table';
import { putReportOnce } from '../adapters/messages-table';
import { clock } from '../lib/clock';
import { logger } from '../lib/logger';
import { ImageNotFoundError, setImageState } from './image-state';

/**
 * Hides (out of every public list, kept in the table and the bucket) or keeps (visible again, report
 * count restarted, out of the moderation queue) an image, through the same state change as the
 * console's hide. `by` says who decided: `reports` for the threshold, the operator's name otherwise.
 * False for an unknown image.
 */
export async function moderateImage(id: string, decision: 'hide' | 'keep', by: string): Promise<boolean> {
  try {
    await setImageState(id, decision === 'hide' ? { hidden: true } : { hidden: false, reviewed: true }, by);
    return true;
  } catch (err) {
    if (err instanceof ImageNotFoundError) return false;
    throw err;
  }
}

/**
 * The report threshold's hide, as the console hides (setImageState), unless an operator has kept or
 * unhidden the picture since (`reviewedAt`, read in the same try as the write). True when the
 * picture is hidden afterwards.
 */
export async function hideByReports(id: string): Promise<boolean> {
  const { after } = await setImageState(id, { hidden: true, automatic: true }, REPORTS_ACTOR);
  return Boolean(after.hidden);
}

/** The moderation queue: reported images, most recently reported first, hidden ones included. */
export function moderationQueue(limit = 50): Promise<ImageItem[]> {
  return listReported(limit);
}

/** Who hid an operator image the check held back (the record's hiddenBy, the audit entry's actor) and who queued it. */
export const IMAGE_CHECK_ACTOR = 'image-check';

interface HeldBackImage {
  id: string;
  prompt: string;
  thumbnailUrl: string;
  owner: 'admin' | 'user';
  category: string;
}

/**
 * After StoreImage stored a held-back picture: it waits in the operator's moderation queue (an
 * image_report from the check, reason IMAGE_CHECK_REASON, with the check's reasons), and an operator
 * image, stored hidden, gets its audit entry. Both writes are keyed per image: StoreImage may run twice.
 */
export async function queueHeldBackImage(image: HeldBackImage, check: ImageCheckResult): Promise<void> {
  const at = clock.date().toISOString();
  const reason = `${check.by}: ${check.reasons.join('; ') || check.verdict}`;
  logger.warn('picture held back by the image check', { imageId: image.id, verdict: check.verdict, reason });
  await putReportOnce(image.id, [IMAGE_CHECK_ACTOR], {
    id: `image-check-${image.id}`,
    type: IMAGE_REPORT_TYPE,
    createdAt: at,
    fields: {
      imageId: image.id,
      reason: IMAGE_CHECK_REASON,
      details: reason,
      prompt: image.prompt,
      thumbnailUrl: image.thumbnailUrl,
      owner: image.owner,
    },
    sourceIp: IMAGE_CHECK_ACTOR,
    userAgent: check.by,
  });
  if (image.owner !== 'admin') return;
  await putAuditEntry({
    id: `image-check-${image.id}`,
    at,
    actor: IMAGE_CHECK_ACTOR,
    action: 'hide',
    target: `image:${image.id}`,
    after: { hidden: true, featured: false, category: image.category, reason },
  });
}

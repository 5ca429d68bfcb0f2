import { REPORTS_ACTOR } from '../../shared/safety';
import { listReported } from '../adapters/image-reports';
import type { ImageItem } from '../adapters/images-table';
import { ImageNotFoundError, setImageState } from './image-store';

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

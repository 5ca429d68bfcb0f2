import { listReported, setModeration } from '../adapters/image-reports';
import { getImage, type ImageItem } from '../adapters/images-table';
import { AGAIN, retry } from '../lib/retry';

const ATTEMPTS = 4;

/**
 * Hides (out of every public list, kept in the table and the bucket) or keeps (visible again, report
 * count restarted) an image. `by` says who decided: `reports` for the threshold, the operator's name
 * otherwise. A concurrent move of a featured slot is re-read and retried. False for an unknown image.
 */
export async function moderateImage(id: string, decision: 'hide' | 'keep', by: string): Promise<boolean> {
  return retry(
    async () => {
      const image = await getImage(id, true);
      if (!image) return false;
      const outcome = await setModeration(image, decision, by, new Date().toISOString());
      return outcome === 'conflict' ? AGAIN : outcome === 'ok';
    },
    {
      attempts: ATTEMPTS,
      exhausted: () => {
        throw new Error(`could not ${decision} image ${id}: its featured slot kept moving`);
      },
    },
  );
}

/** The moderation queue: reported images, most recently reported first, hidden ones included. */
export function moderationQueue(limit = 50): Promise<ImageItem[]> {
  return listReported(limit);
}

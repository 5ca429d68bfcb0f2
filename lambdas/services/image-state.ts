import { isHeldBack } from '../../shared/image-check';
import { changeImageState } from '../adapters/image-transactions';
import { getCategoryMeta, getFeaturedCount, getImage, getSlot, type ImageItem } from '../adapters/images-table';
import { clock } from '../lib/clock';
import { AGAIN, retry } from '../lib/retry';
import { conflict, isCategory, MAX_ATTEMPTS, nextLastUpdated } from './image-store';
import { publishCopies, withdrawCopies } from './private-images';

/**
 * An image's state (hidden, featured, category) as the operator, the reports and the image check change
 * it: the record in one conditioned transaction with its category's and the featured counts, and a shared
 * visitor's public copy following it (docs/privacy.md). Storing and deleting pictures is image-store.ts.
 */
export interface ImageStatePatch {
  hidden?: boolean;
  featured?: boolean;
  /** A category API value (operator images only). */
  category?: string;
  /**
   * An operator kept (or unhid) the image: its report count restarts, it leaves the moderation queue,
   * and reports never hide it by themselves again (`automatic`).
   */
  reviewed?: boolean;
  /**
   * A change no operator decided (the report threshold): it changes nothing once an operator reviewed
   * the image. Checked on the record each try reads, so a Keep that lands first always wins.
   */
  automatic?: boolean;
}

export class ImageNotFoundError extends Error {}

/**
 * Hides/unhides, features/unfeatures, moves or keeps an image (see `changeImageState`): the one way
 * an image changes state, for the console, the report threshold and the moderation script alike.
 * `by` names who decided (`reports`, or the operator). Retries when a concurrent writer changed what
 * was read. Returns the record before and after; a patch that changes nothing writes nothing.
 */
export async function setImageState(id: string, patch: ImageStatePatch, by: string): Promise<{ before: ImageItem; after: ImageItem }> {
  const change = await retry(() => setStateOnce(id, patch, by), {
    attempts: MAX_ATTEMPTS,
    exhausted: conflict(`could not change image ${id}`),
  });
  if (!(patch.automatic && change.before.reviewedAt)) await followSharing(change.after, patch);
  return change;
}

/**
 * A shared visitor's picture is public only through its public copy (docs/privacy.md): hidden (the
 * console, the report threshold) it loses that copy, unhidden it gets it back. Applied whenever a
 * patch names `hidden`, changed or not, so repeating a Hide that failed half way completes it.
 */
async function followSharing(after: ImageItem, patch: ImageStatePatch): Promise<void> {
  if (patch.hidden === undefined || after.owner !== 'user' || !after.sharedAt) return;
  await (after.hidden ? withdrawCopies(after.id) : publishCopies(after.id));
}

/** The record as `patch` leaves it; who decided and when go with a hiding or a keep. */
function patched(before: ImageItem, patch: ImageStatePatch, by: string): ImageItem {
  const after: ImageItem = { ...before };
  const at = clock.date().toISOString();
  if (patch.hidden !== undefined) after.hidden = patch.hidden;
  if (patch.featured !== undefined) after.unfeatured = !patch.featured;
  if (patch.category !== undefined) after.category = patch.category;
  if (after.hidden && !before.hidden) Object.assign(after, { hiddenAt: at, hiddenBy: by });
  if (patch.reviewed) Object.assign(after, { reportCount: 0, reviewedAt: at, reviewedBy: by });
  // Keep is the operator's release of a picture the image check held back: from here it is ok.
  if (patch.reviewed && isHeldBack(before.imageCheck)) {
    after.imageCheck = {
      verdict: 'ok',
      by: `operator ${by}`,
      reasons: [`released; the check had said: ${before.imageCheck?.reasons.join('; ')}`],
    };
  }
  if (!after.hidden) {
    // Who hid it and when no longer applies (the report threshold, the image check, the console).
    delete after.hidden;
    delete after.hiddenAt;
    delete after.hiddenBy;
  }
  if (!after.unfeatured) delete after.unfeatured;
  return after;
}

async function setStateOnce(
  id: string,
  patch: ImageStatePatch,
  by: string,
): Promise<{ before: ImageItem; after: ImageItem } | typeof AGAIN> {
  const before = await getImage(id, true);
  if (!before) throw new ImageNotFoundError(`no image ${id}`);
  if (patch.automatic && before.reviewedAt) return { before, after: before };
  const after = patched(before, patch, by);
  if (
    !patch.reviewed &&
    Boolean(before.hidden) === Boolean(after.hidden) &&
    Boolean(before.unfeatured) === Boolean(after.unfeatured) &&
    before.category === after.category
  ) {
    return { before, after: before };
  }
  const names = [...new Set([before.category, after.category].filter(isCategory))];
  const [count, metas] = await Promise.all([
    getFeaturedCount(true),
    Promise.all(names.map(async (name) => [name, await getCategoryMeta(name, true)] as const)),
  ]);
  const leaving = before.featuredSeq !== undefined && before.featuredSeq !== count - 1;
  const last = leaving ? await getSlot(count - 1) : undefined;
  const categories = new Map(metas.map(([name, prev]) => [name, { prev, lastUpdated: nextLastUpdated(prev) }]));
  const { outcome, record } = await changeImageState({ before, after, count, last, categories });
  return outcome === 'ok' ? { before, after: record } : AGAIN;
}

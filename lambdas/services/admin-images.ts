import { IMAGE_CHECK_REFUSED, isHeldBack } from '../../shared/image-check';
import type { AdminImage, ImagePatch } from '../../shared/schemas/admin';
import { toGalleryImage } from '../../shared/schemas/gallery';
import { inFeatured } from '../adapters/image-transactions';
import { CONSOLE_PARTITION, getImage, type ImageItem, queryPage } from '../adapters/images-table';
import { ConflictError, NotFoundError } from '../lib/errors';
import { audit } from './audit';
import { ImageNotFoundError, setImageState } from './image-state';
import { deleteImage } from './image-store';

/** The console's view of an image: the public fields and its state. */
function toAdminImage(item: ImageItem): AdminImage {
  return { ...toGalleryImage(item), owner: item.owner, hidden: Boolean(item.hidden), featured: inFeatured(item) };
}

/** Every operator image (hidden and unfeatured ones too), newest first: the console's Admin Gallery. */
export async function listConsoleImages(skip: number, take: number): Promise<AdminImage[]> {
  return (await queryPage('gsi3', CONSOLE_PARTITION, skip, take, true)).map(toAdminImage);
}

/** The state the audit log keeps before and after a change. */
const stateOf = (item: ImageItem) => ({ hidden: Boolean(item.hidden), featured: inFeatured(item), category: item.category });

export async function patchImage(actor: string, id: string, patch: ImagePatch): Promise<AdminImage> {
  const current = await getImage(id, true);
  if (!current) throw new NotFoundError('No such image.', 'image_not_found');
  if (current.owner !== 'admin' && (patch.featured !== undefined || patch.category !== undefined)) {
    throw new ConflictError('Only operator images can be featured or moved to a category.', 'not_an_operator_image');
  }
  // Unhiding an operator image lists it (featured, its category): for one the image check held back, only
  // the operator's Keep (its release, audited) does that (docs/safety.md).
  if (isHeldBack(current.imageCheck) && !patch.keep && (patch.featured === true || patch.hidden === false)) {
    throw new ConflictError(
      'The image check held this picture back: release it with Keep in the Moderation tab before featuring or unhiding it.',
      IMAGE_CHECK_REFUSED,
    );
  }
  let result: { before: ImageItem; after: ImageItem };
  try {
    const { keep, ...state } = patch;
    // Keep (the Moderation tab) and Unhide (the Admin Gallery) are both the operator's verdict that
    // the picture may be public: either way reports never hide it by themselves again, only queue it.
    const unhide = state.hidden === false && Boolean(current.hidden);
    result = await setImageState(id, keep || unhide ? { ...state, hidden: false, reviewed: true } : state, actor);
  } catch (err) {
    if (err instanceof ImageNotFoundError) throw new NotFoundError('No such image.', 'image_not_found');
    throw err;
  }
  const before = stateOf(result.before);
  const after = stateOf(result.after);
  const actions = [
    ...(before.hidden !== after.hidden ? [after.hidden ? ('hide' as const) : ('unhide' as const)] : []),
    ...(patch.featured !== undefined && Boolean(result.before.unfeatured) !== Boolean(result.after.unfeatured)
      ? [patch.featured ? ('feature' as const) : ('unfeature' as const)]
      : []),
    ...(before.category !== after.category ? ['move' as const] : []),
    ...(patch.keep ? ['keep' as const] : []),
  ];
  for (const action of actions) await audit(actor, action, `image:${id}`, before, after);
  return toAdminImage(result.after);
}

export async function removeImage(actor: string, id: string): Promise<void> {
  const current = await getImage(id, true);
  if (!current) throw new NotFoundError('No such image.', 'image_not_found');
  await deleteImage(id);
  await audit(actor, 'delete', `image:${id}`, { ...stateOf(current), prompt: current.prompt, url: current.url }, undefined);
}

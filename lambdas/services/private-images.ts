import { isHeldBack } from '../../shared/image-check';
import { REPORTS_ACTOR } from '../../shared/safety';
import { type GalleryImage, toGalleryImage } from '../../shared/schemas/gallery';
import {
  copyObject,
  deleteObjects,
  imageKeys,
  objectCacheControl,
  PRIVATE_CACHE,
  presignView,
  privateImageKeys,
  SHARED_COPY_CACHE,
} from '../adapters/image-bucket';
import { type ImageItem, scanVisitorImages } from '../adapters/images-table';

/**
 * Where a visitor's picture lives (docs/privacy.md): its objects under the bucket's private prefix,
 * which nothing serves; its owner sees it through presigned urls; while it is shared, a copy sits at
 * its public keys (the record's `url` and `thumbnailUrl`, which name where it is public when it is),
 * and 'Stop sharing' deletes that copy. An operator's picture is public where it is stored.
 */
const isVisitors = (item: Pick<ImageItem, 'owner'>) => item.owner === 'user';

const CONTENT_TYPES = { original: 'image/png', thumbnail: 'image/webp' } as const;
const PARTS = ['original', 'thumbnail'] as const;

/** Every object key an image may have (a visitor's: private and public copy): what deleting it removes. */
export function storedKeys(item: Pick<ImageItem, 'id' | 'owner'>): string[] {
  const pub = imageKeys(item.id);
  const own = privateImageKeys(item.id);
  return isVisitors(item) ? [own.original, own.thumbnail, pub.original, pub.thumbnail] : [pub.original, pub.thumbnail];
}

/** A visitor's image with presigned urls of its private objects, for its author's pages. */
export async function withPrivateUrls(image: GalleryImage): Promise<GalleryImage> {
  const keys = privateImageKeys(image.id);
  // One the image check held back: its author gets the thumbnail alone (shown blurred), no original.
  if (isHeldBack(image.imageCheck)) {
    const thumbnailUrl = await presignView(keys.thumbnail);
    return { ...image, url: thumbnailUrl, thumbnailUrl };
  }
  const [url, thumbnailUrl] = await Promise.all([presignView(keys.original), presignView(keys.thumbnail)]);
  return { ...image, url, thumbnailUrl };
}

/**
 * A reported visitor's picture in the operator's moderation queue: the report stored the shared
 * copy's thumbnail url, which 'Stop sharing' ends; the private thumbnail stays until it is deleted.
 */
export function reportedThumbnailUrl(id: string): Promise<string> {
  return presignView(privateImageKeys(id).thumbnail);
}

/**
 * What one reader may have of a picture, in any answer that carries its urls (docs/privacy.md, "Who
 * reads what"). `readerId` is the visitor id the studio sends (`?userId=`, as /api/download and the
 * gallery list take it); absent, the reader is a stranger.
 * - hidden (the operator, the report threshold, the image check): no url at all, to anybody. Its
 *   author is told it is hidden (an operator's picture has no visitor author: anyone may be told);
 *   anyone else gets nothing, as for a picture never shared.
 * - a visitor's, to its author: presigned urls of the private objects.
 * - a visitor's, to anyone else: the public view while it is shared, nothing otherwise.
 * - an operator's: the public view.
 */
export type ReaderAccess = 'author' | 'public' | 'hidden' | 'none';

/** What the author of a hidden picture reads instead of it. */
export const HIDDEN_MESSAGE = 'This picture was hidden by moderation, so it cannot be shown or downloaded.';

export function readerAccess(
  item: Pick<ImageItem, 'owner' | 'userId' | 'hidden' | 'hiddenBy' | 'sharedAt'>,
  readerId: string | undefined,
): ReaderAccess {
  const visitors = isVisitors(item);
  const author = visitors && readerId !== undefined && item.userId === readerId;
  // Reports take a visitor's picture out of public view only: its author keeps it (docs/safety.md §2),
  // as their own gallery list does (images-table.ts ownerListPartition). The operator's hide is a hide.
  if (item.hidden && author && item.hiddenBy === REPORTS_ACTOR) return 'author';
  if (item.hidden) return author || !visitors ? 'hidden' : 'none';
  if (author) return 'author';
  return !visitors || item.sharedAt ? 'public' : 'none';
}

/** The picture as readerAccess lets this reader have it: with its urls, only `hidden`, or nothing. */
export async function readerView(item: ImageItem, readerId: string | undefined): Promise<{ image?: GalleryImage; hidden?: true }> {
  switch (readerAccess(item, readerId)) {
    case 'author':
      return { image: await withPrivateUrls(toGalleryImage(item)) };
    case 'public':
      return { image: toGalleryImage(item) };
    case 'hidden':
      return { hidden: true };
    default:
      return {};
  }
}

/** Sharing: the private objects copied to the public keys, with a short cache (image-bucket.ts SHARED_COPY_CACHE). */
export async function publishCopies(id: string): Promise<void> {
  const own = privateImageKeys(id);
  const pub = imageKeys(id);
  await Promise.all(PARTS.map((part) => copyObject(own[part], pub[part], CONTENT_TYPES[part], SHARED_COPY_CACHE)));
}

/** Stopping: the public copies deleted (the private objects stay). */
export async function withdrawCopies(id: string): Promise<void> {
  const pub = imageKeys(id);
  await deleteObjects([pub.original, pub.thumbnail]);
}

/**
 * The one-off move of visitors' pictures stored before the private prefix (public, immutable): each
 * object copied to its private key, then the public one deleted, or, for a shared picture, replaced
 * by a shared copy with the short cache. Idempotent: a picture already moved is only looked at (two
 * HeadObjects per object). Records need no change: their urls name the public keys, which is where a
 * shared copy goes. Returns how many pictures it changed.
 */
export async function movePrivateImages(): Promise<number> {
  let moved = 0;
  for (const item of await scanVisitorImages()) {
    const changes = await Promise.all(PARTS.map((part) => moveObject(item.id, part, Boolean(item.sharedAt))));
    if (changes.some(Boolean)) moved++;
  }
  return moved;
}

async function moveObject(id: string, part: (typeof PARTS)[number], shared: boolean): Promise<boolean> {
  const pub = imageKeys(id)[part];
  const own = privateImageKeys(id)[part];
  const [pubCache, ownCache] = await Promise.all([objectCacheControl(pub), objectCacheControl(own)]);
  if (pubCache === undefined) return false;
  if (ownCache === undefined) await copyObject(pub, own, CONTENT_TYPES[part], PRIVATE_CACHE);
  if (!shared) await deleteObjects([pub]);
  else if (pubCache !== SHARED_COPY_CACHE) await copyObject(own, pub, CONTENT_TYPES[part], SHARED_COPY_CACHE);
  else return ownCache === undefined;
  return true;
}

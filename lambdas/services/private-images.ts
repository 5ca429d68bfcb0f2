import { isHeldBack } from '../../shared/image-check';
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

/** The image as its owner's pages show it: a visitor's with presigned urls, an operator's as stored. */
export function ownerView(item: ImageItem): Promise<GalleryImage> {
  const image = toGalleryImage(item);
  return isVisitors(item) ? withPrivateUrls(image) : Promise.resolve(image);
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

import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SHARED_COPY_MAX_AGE_SECONDS } from '../../shared/constants';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { s3 } from './aws-clients';

/**
 * The images bucket. Public objects sit under `files/` and are served at `/files/<rest>` (CloudFront
 * in AWS, the local server locally). An operator's picture is stored there for good: keys are derived
 * from the image id and never rewritten, so it is cached as immutable for a year. A visitor's picture
 * is stored under `private/`, which nothing serves: its owner reads it through short-lived presigned
 * urls, and while it is shared a copy sits at the public keys with a short cache (docs/privacy.md).
 */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * A shared copy: 'Stop sharing' deletes it, and CloudFront and browsers may keep answering it for
 * this long afterwards, so no invalidation (and no CloudFront grant for the share function) is needed.
 */
export const SHARED_COPY_CACHE = `public, max-age=${SHARED_COPY_MAX_AGE_SECONDS}`;
/** A private original under a presigned url: only this browser, and the url changes every window anyway. */
export const PRIVATE_CACHE = 'private, max-age=43200, immutable';

/** Where an image's public objects are: an operator's for good, a visitor's copies while shared. */
export const imageKeys = (id: string) => ({ original: `files/images/${id}.png`, thumbnail: `files/thumbs/${id}.webp` });
/** A visitor's own objects: served by nothing, read through presigned urls only. */
export const privateImageKeys = (id: string) => ({ original: `private/images/${id}.png`, thumbnail: `private/thumbs/${id}.webp` });
/** A smaller width of the thumbnail (shared/thumbnails.ts): its own folder, since an id may end in anything an id holds. */
export const sizedThumbnailKey = (id: string, width: number) => `files/thumbs/${width}/${id}.webp`;
/** A banner: WebP since 26 Nov (admin-ads.ts re-encodes every upload); a seed ad stored before then has a PNG and no `imageKey`. */
export const adImageKey = (name: string, ext: 'webp' | 'png' = 'webp') => `files/ads/${name}.${ext}`;

/** `files/images/x.png` -> `/files/images/x.png` (the record's relative url, see the url rule). */
export const publicUrl = (key: string) => `/${key}`;

export async function putPublicObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await put(key, body, contentType, IMMUTABLE_CACHE);
}

export async function putPrivateObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await put(key, body, contentType, PRIVATE_CACHE);
}

async function put(key: string, body: Buffer, contentType: string, cacheControl: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl }),
  );
}

/**
 * Copies an object within the bucket with new headers (REPLACE: the copy's Content-Type and
 * Cache-Control are the ones given, not the source's). S3 copies server-side; nothing is read here.
 */
export async function copyObject(from: string, to: string, contentType: string, cacheControl: string): Promise<void> {
  const Bucket = config().IMAGES_BUCKET;
  await s3().send(
    new CopyObjectCommand({
      Bucket,
      Key: to,
      CopySource: `${Bucket}/${from}`,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
      CacheControl: cacheControl,
    }),
  );
}

/** An object's Cache-Control, '' when it has none; undefined when there is no such object (HeadObject). */
export async function objectCacheControl(key: string): Promise<string | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key }));
    return head.CacheControl ?? '';
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}

/**
 * One DeleteObject per key, one after the other (an image has two: original and thumbnail). Not the
 * batch DeleteObjects, which s3rver fails on its first try, and not in parallel: s3rver prunes empty
 * folders after a delete, and two deletes under one prefix race on it (InternalError). Two calls
 * cost the same in S3.
 */
export async function deleteObjects(keys: string[]): Promise<void> {
  for (const Key of keys) await s3().send(new DeleteObjectCommand({ Bucket: config().IMAGES_BUCKET, Key }));
}

/** A short-lived GET url that makes the browser save the object under `fileName`. Signing reads nothing. */
export function presignDownload(key: string, fileName: string, expiresIn = config().DOWNLOAD_URL_TTL_SECONDS): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: config().IMAGES_BUCKET,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${fileName}"`,
    ResponseContentType: 'image/png',
  });
  return getSignedUrl(s3(), command, { expiresIn });
}

/**
 * How many signed view urls one function instance keeps (about 1.5 kB each, so at most ~8 MB): a
 * visitor's gallery page of 24 pictures needs 48, and a url is only reused within its window.
 */
export const VIEW_URL_CACHE_SIZE = 5000;
const viewUrls = new Map<string, Promise<string>>();
let viewUrlsWindow = Number.NaN;

/**
 * A GET url of a private object for its owner's page. Signed as of the start of the current window
 * and valid for two, so every answer within a window carries the same url (the browser's cache keeps
 * working across page loads) and a url handed out at a window's end still has a whole window to live.
 * Since it is the same url, it is signed once per key and window and kept in this instance's memory
 * (issue 31 item 6: a gallery list of 24 pictures signed 48 urls per call): a new window empties
 * the cache, and past VIEW_URL_CACHE_SIZE the oldest entry goes. A failed signing is not kept.
 */
export function presignView(key: string): Promise<string> {
  const window = config().PRIVATE_URL_WINDOW_SECONDS * 1000;
  const windowStart = Math.floor(clock.now() / window) * window;
  if (windowStart !== viewUrlsWindow) {
    viewUrls.clear();
    viewUrlsWindow = windowStart;
  }
  const Bucket = config().IMAGES_BUCKET;
  const cacheKey = `${Bucket}/${key}`;
  const cached = viewUrls.get(cacheKey);
  if (cached) return cached;
  const signed = getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key: key }), {
    signingDate: new Date(windowStart),
    expiresIn: (2 * window) / 1000,
  });
  if (viewUrls.size >= VIEW_URL_CACHE_SIZE) viewUrls.delete(viewUrls.keys().next().value as string);
  viewUrls.set(cacheKey, signed);
  signed.catch(() => viewUrls.get(cacheKey) === signed && viewUrls.delete(cacheKey));
  return signed;
}

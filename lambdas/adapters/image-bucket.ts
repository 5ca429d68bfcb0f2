import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../lib/config';
import { s3 } from './aws-clients';

/**
 * The images bucket. Public objects sit under `files/` and are served at `/files/<rest>` (CloudFront
 * in AWS, the local server locally). Keys are derived from the image id and never rewritten, so every
 * object is cached as immutable for a year.
 */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export const imageKeys = (id: string) => ({ original: `files/images/${id}.png`, thumbnail: `files/thumbs/${id}.webp` });
/** A smaller width of the thumbnail (shared/thumbnails.ts): its own folder, since an id may end in anything an id holds. */
export const sizedThumbnailKey = (id: string, width: number) => `files/thumbs/${width}/${id}.webp`;
export const adImageKey = (id: string) => `files/ads/${id}.png`;

/** `files/images/x.png` -> `/files/images/x.png` (the record's relative url, see the url rule). */
export const publicUrl = (key: string) => `/${key}`;

export async function putPublicObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE }),
  );
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

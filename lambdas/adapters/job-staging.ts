import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { config } from '../lib/config';
import { s3 } from './aws-clients';

/**
 * Staging objects in the images bucket: the worker hands the PNG over here (outside `files/`, so
 * never public) because a Step Functions payload is limited to 256 KB. StoreImage reads and deletes it.
 */
const STAGING_PREFIX = 'staging/';
export const stagingKey = (jobId: string) => `${STAGING_PREFIX}${jobId}.png`;
/** The job a staging key belongs to (a job's picture i > 0 is staged as `<jobId>.<i>.png`, worker/pictures.ts). */
export const stagingJobId = (key: string) => key.slice(STAGING_PREFIX.length).replace(/(\.\d+)?\.png$/, '');

export async function putStaging(jobId: string, png: Buffer): Promise<string> {
  const key = stagingKey(jobId);
  await s3().send(new PutObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key, Body: png, ContentType: 'image/png' }));
  return key;
}

export async function getStaging(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key }));
    return Buffer.from(await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

export async function deleteStaging(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().IMAGES_BUCKET, Key: key }));
}

/** Staging objects written before `before`, up to `limit` (the reconciler's sweep). */
export async function listStaging(before: Date, limit = 500): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(
      new ListObjectsV2Command({ Bucket: config().IMAGES_BUCKET, Prefix: STAGING_PREFIX, ContinuationToken: token, MaxKeys: 1000 }),
    );
    for (const o of out.Contents ?? []) if (o.Key && o.LastModified && o.LastModified < before) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token && keys.length < limit);
  return keys.slice(0, limit);
}

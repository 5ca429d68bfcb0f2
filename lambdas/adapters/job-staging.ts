import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { config } from '../lib/config';
import { s3 } from './aws-clients';

/**
 * Staging objects in the images bucket: the worker hands the PNG over here (outside `files/`, so
 * never public) because a Step Functions payload is limited to 256 KB. StoreImage reads and deletes it.
 */
export const stagingKey = (jobId: string) => `staging/${jobId}.png`;

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

import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { config } from '../lib/config';
import { s3 } from './aws-clients';

/**
 * Attachments bucket: screenshots and videos sent with feedback and issue reports. Private (never
 * under the public `files/` prefix, never served); the operator reads objects by the key stored
 * in the message record. Keys are random: `attachments/<type>/<yyyy>/<mm>/<uuid>.<ext>`.
 */
export async function putAttachment(key: string, content: Buffer, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: config().ATTACHMENTS_BUCKET,
      Key: key,
      Body: content,
      ContentType: contentType,
      // Served only as a download if it is ever exposed through a presigned URL.
      ContentDisposition: 'attachment',
    }),
  );
}

export async function deleteAttachment(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().ATTACHMENTS_BUCKET, Key: key }));
}

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

/** Lifetime of the operator's attachment links, seconds. */
const ATTACHMENT_LINK_SECONDS = 120;

/** A short-lived GET url of a private attachment, served as a download. */
export async function presignAttachment(key: string, filename: string): Promise<{ url: string; expiresIn: number }> {
  const name = filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'attachment';
  const command = new GetObjectCommand({
    Bucket: config().ATTACHMENTS_BUCKET,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${name}"`,
  });
  return { url: await getSignedUrl(s3(), command, { expiresIn: ATTACHMENT_LINK_SECONDS }), expiresIn: ATTACHMENT_LINK_SECONDS };
}

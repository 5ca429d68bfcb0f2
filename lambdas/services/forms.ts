import { randomBytes, randomUUID } from 'node:crypto';
import {
  type ContactMessage,
  type FeedbackFields,
  FORM_LIMITS,
  type FormReceipt,
  HONEYPOT_FIELD,
  type IssueReportFields,
  type NewsletterSignup,
} from '../../shared/schemas/forms';
import { deleteAttachment, putAttachment } from '../adapters/attachment-bucket';
import { type AttachmentRef, type MessageRecord, type MessageType, putMessageOnce, putSubscriptionOnce } from '../adapters/messages-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { ServiceUnavailableError, UnsupportedMediaTypeError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countMetric, METRIC, METRIC_DIMENSION } from '../lib/metrics';
import { detectFileType } from './file-type';
import { idFromKey } from './idempotency';
import type { UploadedFile } from './multipart';
import { notifyOperator } from './notify';
import { consume } from './rate-limit';

export interface ClientMeta {
  sourceIp: string;
  userAgent: string;
  /** The request's Idempotency-Key: the record's id is derived from it, so a retry cannot store it twice. */
  idempotencyKey?: string;
}

/** Decides the attachment's type from its bytes; anything but the allowed kinds is a 415. */
export function checkAttachment(file: UploadedFile, allowVideo: boolean): PendingAttachment {
  const type = detectFileType(file.content.subarray(0, 64));
  if (!type || (type.kind === 'video' && !allowVideo)) {
    throw new UnsupportedMediaTypeError(
      allowVideo
        ? 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4, WebM or MOV video.'
        : 'The screenshot must be a PNG, JPEG, WebP or GIF image.',
    );
  }
  return { content: file.content, contentType: type.mime, ext: type.ext, filename: file.filename.slice(0, 255) };
}

interface PendingAttachment {
  content: Buffer;
  contentType: string;
  ext: string;
  filename: string;
}

type Honeypot = { [HONEYPOT_FIELD]: string };

export const receiveFeedback = ({ website, ...fields }: FeedbackFields & Honeypot, file: PendingAttachment | undefined, meta: ClientMeta) =>
  receive('feedback', fields, website, file, meta);

export const receiveIssueReport = (
  { website, ...fields }: IssueReportFields & Honeypot,
  file: PendingAttachment | undefined,
  meta: ClientMeta,
) => receive('issue', fields, website, file, meta);

export const receiveContact = ({ website, ...fields }: ContactMessage & Honeypot, meta: ClientMeta) =>
  receive('contact', fields, website, undefined, meta);

/**
 * A newsletter address is stored once: a second signup of the same address (case-insensitive) is
 * a success that changes nothing, and the answer is the same either way, so it reveals nothing.
 */
export async function subscribeNewsletter({ website, email }: NewsletterSignup & Honeypot, meta: ClientMeta): Promise<void> {
  if (website) return dropBot('newsletter', meta);
  await limit('newsletter', meta.sourceIp);
  const record: MessageRecord = { ...base('newsletter', meta), fields: { email }, unsubscribeToken: randomBytes(24).toString('base64url') };
  const created = await storeStep('record', () => putSubscriptionOnce(email.toLowerCase(), record));
  countMetric(METRIC.formSubmissions, METRIC_DIMENSION.form, 'newsletter');
  if (created) await notifyOperator(record);
}

async function receive(
  type: MessageType,
  fields: Record<string, string | number>,
  honeypot: string,
  file: PendingAttachment | undefined,
  meta: ClientMeta,
): Promise<FormReceipt> {
  if (honeypot) {
    dropBot(type, meta);
    return { id: randomUUID(), received: true };
  }
  await limit(type, meta.sourceIp);
  const record: MessageRecord = { ...base(type, meta), fields };
  // Store-then-record: the record is written only once its attachment is in S3.
  if (file) {
    const [year, month] = record.createdAt.split('-');
    const attachment: AttachmentRef = {
      key: `attachments/${type}/${year}/${month}/${record.id}.${file.ext}`,
      contentType: file.contentType,
      size: file.content.length,
      filename: file.filename,
    };
    await storeStep('attachment', () => putAttachment(attachment.key, file.content, attachment.contentType));
    record.attachment = attachment;
  }
  const created = await storeStep('record', () => putMessageOnce(record)).catch(async (err) => {
    if (record.attachment) await removeOrphan(record.attachment.key);
    throw err;
  });
  countMetric(METRIC.formSubmissions, METRIC_DIMENSION.form, type);
  // A retry of a message that was stored (the visitor was told it failed): same receipt, no second mail.
  if (created) await notifyOperator(record);
  return { id: record.id, received: true };
}

function base(type: MessageType, meta: ClientMeta) {
  return {
    id: meta.idempotencyKey ? idFromKey(type, meta.idempotencyKey) : randomUUID(),
    type,
    createdAt: clock.date().toISOString(),
    sourceIp: meta.sourceIp.slice(0, 64),
    userAgent: meta.userAgent.slice(0, FORM_LIMITS.userAgent),
  };
}

async function limit(type: MessageType, ip: string): Promise<void> {
  const { FORMS_RATE_LIMIT_PER_MINUTE, FORMS_RATE_LIMIT_PER_HOUR } = config();
  const message = 'Too many messages from your network. Please try again later.';
  await consume({ scope: `form-${type}-minute`, limit: FORMS_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 }, ip, message);
  await consume({ scope: `form-${type}-hour`, limit: FORMS_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 }, ip, message);
}

function dropBot(type: MessageType, meta: ClientMeta): void {
  logger.info('honeypot filled: submission dropped', { type, sourceIp: meta.sourceIp });
}

/** An infrastructure failure while storing is a 503 (the visitor may retry), never a 4xx. */
async function storeStep<T>(step: 'attachment' | 'record', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    logger.error(`storing the ${step} failed`, { error: err as Error });
    throw new ServiceUnavailableError('We could not store your message right now. Please try again in a moment.', 5, 'storage_unavailable');
  }
}

async function removeOrphan(key: string): Promise<void> {
  try {
    await deleteAttachment(key);
  } catch (err) {
    // Best effort: the object has no record, so it is never shown; an S3 lifecycle rule can sweep it.
    logger.error('could not delete the attachment of a failed message', { key, error: err as Error });
  }
}

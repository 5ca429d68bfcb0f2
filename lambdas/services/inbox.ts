import type { InboxKind } from '../../shared/admin';
import { IMAGE_REPORT_TYPE } from '../../shared/safety';
import type { InboxItem } from '../../shared/schemas/admin';
import { presignAttachment } from '../adapters/attachment-bucket';
import { getInboxRecord, type InboxRecord, listAllOfType, listInbox, setHandled } from '../adapters/messages-table';
import { toCsv } from '../lib/csv';
import { NotFoundError } from '../lib/errors';
import { audit } from './audit';
import { reportedThumbnailUrl } from './private-images';

/** The inbox: visitors' messages by kind, newest first; refs are the records' table keys, url-safe. */
const toRef = (pk: string) => Buffer.from(pk).toString('base64url');
const fromRef = (ref: string) => Buffer.from(ref, 'base64url').toString('utf8');

const toItem = (r: InboxRecord): InboxItem => ({
  ref: toRef(r.pk),
  id: r.id,
  kind: r.type,
  createdAt: r.createdAt,
  fields: r.fields,
  handled: Boolean(r.handled),
  ...(r.attachment
    ? { attachment: { contentType: r.attachment.contentType, size: r.attachment.size, filename: r.attachment.filename } }
    : {}),
});

export async function inboxPage(kind: InboxKind, state: 'open' | 'handled' | 'all', take: number, cursor?: string) {
  const page = await listInbox(kind, state, take, cursor);
  const items = await Promise.all(page.items.map(toItem).map(withReportedThumbnail));
  return { items, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** A report of a visitor's picture shows its private thumbnail: the shared copy it named may be gone (docs/privacy.md). */
async function withReportedThumbnail(item: InboxItem): Promise<InboxItem> {
  const { imageId, owner } = item.fields;
  if (item.kind !== IMAGE_REPORT_TYPE || owner !== 'user' || typeof imageId !== 'string') return item;
  return { ...item, fields: { ...item.fields, thumbnailUrl: await reportedThumbnailUrl(imageId) } };
}

async function record(ref: string): Promise<InboxRecord> {
  const found = await getInboxRecord(fromRef(ref));
  if (!found) throw new NotFoundError('No such message.', 'message_not_found');
  return found;
}

export async function markHandled(actor: string, ref: string, handled: boolean): Promise<void> {
  const found = await record(ref);
  await setHandled(found.pk, handled, actor);
  await audit(actor, 'message-handled', `message:${found.id}`, { handled: Boolean(found.handled) }, { handled });
}

/** A short-lived presigned GET of the message's attachment (the bucket stays private). */
export async function attachmentLink(ref: string): Promise<{ url: string; expiresIn: number }> {
  const found = await record(ref);
  if (!found.attachment) throw new NotFoundError('This message has no attachment.', 'no_attachment');
  return presignAttachment(found.attachment.key, found.attachment.filename);
}

/** Every newsletter signup as CSV: email, signed up at. */
export async function newsletterCsv(): Promise<string> {
  const rows = (await listAllOfType('newsletter')).map((r) => [String(r.fields.email ?? ''), r.createdAt]);
  return toCsv(['email', 'createdAt'], rows);
}

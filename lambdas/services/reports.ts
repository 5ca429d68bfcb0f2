import { createHash, randomUUID } from 'node:crypto';
import { IMAGE_REPORT_TYPE } from '../../shared/safety';
import type { FormReceipt } from '../../shared/schemas/forms';
import { FORM_LIMITS, HONEYPOT_FIELD } from '../../shared/schemas/forms';
import type { ImageReport } from '../../shared/schemas/safety';
import { addReport } from '../adapters/image-reports';
import { getImage } from '../adapters/images-table';
import { type MessageRecord, putReportOnce } from '../adapters/messages-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { ClientMeta } from './forms';
import { moderateImage } from './moderation';
import { notifyOperator } from './notify';
import { consume } from './rate-limit';

/**
 * The network a report counts for: a hash of its IP, so the report's key does not spell the address
 * (the record itself keeps sourceIp like every form). One network counts once per picture, so a
 * single visitor cannot hide a picture alone by repeating the report.
 */
const reporterOf = (sourceIp: string) => createHash('sha256').update(sourceIp).digest('hex').slice(0, 24);

/**
 * POST /api/reports: stored like the other forms (honeypot, per-IP minute and hour limits, the
 * operator notified) in the messages table as `image_report`, with the picture's prompt and
 * thumbnail so the inbox shows what was reported. The first report from each network adds one to
 * the picture's count; at REPORT_HIDE_THRESHOLD the picture is hidden from public lists until the
 * operator decides. A repeat from the same network answers the first report's id and changes nothing.
 */
export async function reportImage({ [HONEYPOT_FIELD]: honeypot, ...report }: ImageReport & { website: string }, meta: ClientMeta) {
  if (honeypot) {
    logger.info('honeypot filled: submission dropped', { type: IMAGE_REPORT_TYPE, sourceIp: meta.sourceIp });
    return { id: randomUUID(), received: true } satisfies FormReceipt;
  }
  await limit(meta.sourceIp);
  const image = await getImage(report.imageId);
  if (!image) throw new NotFoundError('No such picture.', 'image_not_found');

  const createdAt = clock.date().toISOString();
  const record: MessageRecord = {
    id: randomUUID(),
    type: IMAGE_REPORT_TYPE,
    createdAt,
    fields: {
      imageId: image.id,
      reason: report.reason,
      details: report.details,
      prompt: image.prompt,
      thumbnailUrl: image.thumbnailUrl,
      owner: image.owner,
    },
    sourceIp: meta.sourceIp.slice(0, 64),
    userAgent: meta.userAgent.slice(0, FORM_LIMITS.userAgent),
  };
  const stored = await storing(() => putReportOnce(image.id, reporterOf(meta.sourceIp), record));
  if (!stored.created) return { id: stored.id, received: true } satisfies FormReceipt;

  const counted = await storing(() => addReport(image.id, createdAt));
  if (counted && !counted.hidden && (counted.reportCount ?? 0) >= config().REPORT_HIDE_THRESHOLD) {
    await storing(() => moderateImage(image.id, 'hide', 'reports'));
    logger.info('picture hidden by reports', { imageId: image.id, reportCount: counted.reportCount });
  }
  await notifyOperator(record);
  return { id: record.id, received: true } satisfies FormReceipt;
}

async function limit(ip: string): Promise<void> {
  const { FORMS_RATE_LIMIT_PER_MINUTE, FORMS_RATE_LIMIT_PER_HOUR } = config();
  const message = 'Too many reports from your network. Please try again later.';
  await consume({ scope: `form-${IMAGE_REPORT_TYPE}-minute`, limit: FORMS_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 }, ip, message);
  await consume({ scope: `form-${IMAGE_REPORT_TYPE}-hour`, limit: FORMS_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 }, ip, message);
}

/** An infrastructure failure while storing is a 503 (the visitor may retry), never a 4xx. */
async function storing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    logger.error('storing the report failed', { error: err as Error });
    throw new ServiceUnavailableError('We could not store your report right now. Please try again in a moment.', 5, 'storage_unavailable');
  }
}

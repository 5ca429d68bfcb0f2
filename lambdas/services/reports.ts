import { createHash, randomUUID } from 'node:crypto';
import { IMAGE_REPORT_TYPE, REPORT_HIGH_SEVERITY } from '../../shared/safety';
import type { FormReceipt } from '../../shared/schemas/forms';
import { FORM_LIMITS, HONEYPOT_FIELD } from '../../shared/schemas/forms';
import type { ImageReport } from '../../shared/schemas/safety';
import { addReport } from '../adapters/image-reports';
import { getImage, type ImageItem } from '../adapters/images-table';
import { type MessageRecord, putReportOnce } from '../adapters/messages-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { networkOf } from '../lib/network';
import type { ClientMeta } from './forms';
import { moderateImage } from './moderation';
import { notifyOperator } from './notify';
import { consume } from './rate-limit';

/**
 * The network a report counts for (networkOf 'report': IPv4 /24, IPv6 /64), hashed so the report's
 * key does not spell the address (the record itself keeps sourceIp like every form). One network
 * counts once per picture, ever: after the operator's Keep only networks that never reported it count.
 */
const reporterOf = (sourceIp: string) => createHash('sha256').update(networkOf(sourceIp, 'report')).digest('hex').slice(0, 24);

/** Featured, category and shared pictures: the only ones a stranger can see, so the only ones to report. */
const isPublic = (image: ImageItem) => image.owner === 'admin' || Boolean(image.sharedAt);

/**
 * POST /api/reports: stored like the other forms (honeypot, per-network minute and hour limits, a
 * daily budget per network, the operator notified) in the messages table as `image_report`, with the
 * picture's prompt and thumbnail so the inbox shows what was reported. Only public pictures can be
 * reported; a private one answers 404 as an unknown id does. The first report from each network adds
 * one to the picture's count of its window (REPORT_WINDOW_HOURS); at REPORT_HIDE_THRESHOLD networks
 * (REPORT_HIDE_THRESHOLD_SEVERE for a high-severity reason) the picture is hidden from public lists
 * and waits in the moderation queue for the operator's Hide or Keep. A repeat from the same network
 * answers the first report's id and changes nothing.
 */
export async function reportImage({ [HONEYPOT_FIELD]: honeypot, ...report }: ImageReport & { website: string }, meta: ClientMeta) {
  if (honeypot) {
    logger.info('honeypot filled: submission dropped', { type: IMAGE_REPORT_TYPE, sourceIp: meta.sourceIp });
    return { id: randomUUID(), received: true } satisfies FormReceipt;
  }
  await limit(meta.sourceIp);
  const image = await getImage(report.imageId);
  if (!image || !isPublic(image)) throw new NotFoundError('No such picture.', 'image_not_found');

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

  const cfg = config();
  const windowStart = new Date(Date.parse(createdAt) - cfg.REPORT_WINDOW_HOURS * 3600_000).toISOString();
  const counted = await storing(() => addReport(image.id, createdAt, windowStart));
  const threshold = REPORT_HIGH_SEVERITY.includes(report.reason) ? cfg.REPORT_HIDE_THRESHOLD_SEVERE : cfg.REPORT_HIDE_THRESHOLD;
  if (counted && !counted.hidden && (counted.reportCount ?? 0) >= threshold) {
    await storing(() => moderateImage(image.id, 'hide', 'reports'));
    logger.info('picture hidden by reports', { imageId: image.id, reportCount: counted.reportCount });
  }
  await notifyOperator(record);
  return { id: record.id, received: true } satisfies FormReceipt;
}

/** Every attempt counts, repeats and unknown ids too, so the budget also bounds probing for ids. */
async function limit(ip: string): Promise<void> {
  const { FORMS_RATE_LIMIT_PER_MINUTE, FORMS_RATE_LIMIT_PER_HOUR } = config();
  const network = networkOf(ip, 'report');
  const message = 'Too many reports from your network. Please try again later.';
  await consume({ scope: `form-${IMAGE_REPORT_TYPE}-minute`, limit: FORMS_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 }, network, message);
  await consume({ scope: `form-${IMAGE_REPORT_TYPE}-hour`, limit: FORMS_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 }, network, message);
  const daily = 'Your network has sent many reports today. Please try again tomorrow.';
  await consume({ scope: 'report-day', limit: config().REPORT_DAILY_BUDGET, windowSeconds: 86_400 }, network, daily);
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

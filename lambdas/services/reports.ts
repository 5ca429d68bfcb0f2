import { createHash, randomUUID } from 'node:crypto';
import { IMAGE_REPORT_TYPE, REPORT_HIGH_SEVERITY, type ReportReason } from '../../shared/safety';
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
import { hideByReports } from './moderation';
import { notifyOperator } from './notify';
import { consume } from './rate-limit';

const hashed = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * Who a report counts for: its network (networkOf 'report': IPv4 /24, IPv6 /48) and, when the
 * browser sent one, its visitor id, each hashed so a key spells neither (the record itself keeps
 * sourceIp like every form). Two reports that share either key are one reporter (putReportOnce), so
 * a dual-stack home (a /24 and a /48) reporting with one browser counts once. A visitor id is the
 * visitor's own choice, so it can only join reports, never split them: a new id on a network that
 * reported is still that network.
 */
function reporterKeys(sourceIp: string, userId: string | undefined): [string, ...string[]] {
  const network = hashed(networkOf(sourceIp, 'report'));
  return userId ? [network, `v${hashed(`visitor:${userId.toLowerCase()}`)}`] : [network];
}

/** Featured, category and shared pictures: the only ones a stranger can see, so the only ones to report. */
const isPublic = (image: ImageItem) => image.owner === 'admin' || Boolean(image.sharedAt);

/**
 * Whether the reports hide the picture by themselves, read on the record as this report's count left it:
 * - never once an operator kept it (Moderation) or unhid it (Admin Gallery): `reviewedAt`; reports
 *   then only queue it;
 * - a high-severity report (`minor`) on a picture the image check flagged hides it at once: the
 *   check is the second, independent voice;
 * - an operator's picture (featured or in a category) otherwise only when the image check flagged it,
 *   at the threshold: reporters are cheap, and the operator already chose that picture;
 * - a visitor's shared picture at REPORT_HIDE_THRESHOLD reporters, or REPORT_HIDE_THRESHOLD_SEVERE
 *   for a high-severity reason (it leaves public view; its author keeps it in their gallery).
 */
export function reportsHide(
  image: Pick<ImageItem, 'owner' | 'hidden' | 'reviewedAt' | 'imageCheck' | 'reportCount'>,
  reason: ReportReason,
  thresholds: { normal: number; severe: number },
): boolean {
  if (image.hidden || image.reviewedAt) return false;
  const severe = REPORT_HIGH_SEVERITY.includes(reason);
  const flagged = image.imageCheck?.verdict === 'flagged';
  if (flagged && severe) return true;
  if (image.owner === 'admin' && !flagged) return false;
  return (image.reportCount ?? 0) >= (severe ? thresholds.severe : thresholds.normal);
}

/**
 * POST /api/reports: stored like the other forms (honeypot, per-network minute and hour limits, a
 * daily budget per network, the operator notified) in the messages table as `image_report`, with the
 * picture's prompt and thumbnail so the inbox shows what was reported. Only public pictures can be
 * reported; a private one answers 404 as an unknown id does. The first report from each reporter adds
 * one to the picture's count of its window (REPORT_WINDOW_HOURS) and puts it in the moderation queue;
 * `reportsHide` decides whether the count hides it. A high-severity report (`minor`) alerts the
 * operator at once whatever the count. A repeat from a known reporter answers the first report's id
 * and changes nothing.
 */
export async function reportImage({ [HONEYPOT_FIELD]: honeypot, userId, ...report }: ImageReport & { website: string }, meta: ClientMeta) {
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
  const stored = await storing(() => putReportOnce(image.id, reporterKeys(meta.sourceIp, userId), record));
  if (!stored.created) return { id: stored.id, received: true } satisfies FormReceipt;

  let outcome = 'still public (counting the report failed)';
  try {
    outcome = await countAndDecide(image, report.reason, createdAt);
  } finally {
    // The alert goes even when counting failed: the report is stored, and the operator must look.
    const urgent = REPORT_HIGH_SEVERITY.includes(report.reason)
      ? `picture ${image.id} reported as involving a minor; ${outcome}`
      : undefined;
    await notifyOperator(record, urgent);
  }
  return { id: record.id, received: true } satisfies FormReceipt;
}

/** Counts the report, hides the picture when `reportsHide` says so, and says where it stands. */
async function countAndDecide(image: ImageItem, reason: ReportReason, at: string): Promise<string> {
  const cfg = config();
  const windowStart = new Date(Date.parse(at) - cfg.REPORT_WINDOW_HOURS * 3600_000).toISOString();
  const counted = await storing(() => addReport(image.id, at, windowStart));
  if (!counted) return 'the picture is gone';
  const thresholds = { normal: cfg.REPORT_HIDE_THRESHOLD, severe: cfg.REPORT_HIDE_THRESHOLD_SEVERE };
  if (counted.hidden) return 'already hidden';
  if (reportsHide(counted, reason, thresholds) && (await storing(() => hideByReports(image.id)))) {
    logger.info('picture hidden by reports', { imageId: image.id, reportCount: counted.reportCount });
    return counted.owner === 'admin' ? 'hidden (the image check flagged it)' : 'taken out of public view (its author still sees it)';
  }
  if (counted.reviewedAt) return `still public: you kept it on ${counted.reviewedAt}, so reports only queue it`;
  return counted.owner === 'admin'
    ? 'still public: reports alone do not hide an operator picture; hide it in the Moderation tab if the report is right'
    : `still public (${counted.reportCount ?? 0} reporters so far); it waits in the Moderation tab`;
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

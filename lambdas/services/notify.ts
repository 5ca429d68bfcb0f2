import { sendEmail } from '../adapters/mailer';
import type { MessageRecord } from '../adapters/messages-table';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

/** Subject lines are one line of bounded length whatever the visitor typed. */
const oneLine = (text: string, max = 120) => text.replace(/[\r\n\t]+/g, ' ').slice(0, max);

function notificationText(record: MessageRecord): { subject: string; text: string } {
  const headline =
    record.fields.subject ?? record.fields.feedbackType ?? record.fields.issueType ?? record.fields.email ?? record.fields.reason ?? '';
  const lines = [
    `New ${record.type} message ${record.id} at ${record.createdAt}`,
    '',
    ...Object.entries(record.fields).map(([name, value]) => `${name}: ${value}`),
    '',
    record.attachment
      ? `Attachment: s3 key ${record.attachment.key} (${record.attachment.contentType}, ${record.attachment.size} bytes)`
      : 'No attachment.',
    `From IP ${record.sourceIp}, user agent ${record.userAgent || '(none)'}`,
  ];
  return { subject: oneLine(`[Artloom] ${record.type}: ${headline}`), text: lines.join('\n') };
}

/**
 * Tells the operator about a stored message: an SES email when NOTIFY_EMAIL is set (in AWS), a log
 * line otherwise (locally). The message is already stored, so a failed email is logged and never
 * fails the request. `urgent` (a report that a picture involves a minor) heads the subject and the
 * text with what needs the operator now, and is also a warning in the log whether or not an email
 * goes, so a log alarm or a reader of the local log sees it.
 */
export async function notifyOperator(record: MessageRecord, urgent?: string): Promise<'sent' | 'logged' | 'failed'> {
  const { NOTIFY_EMAIL, NOTIFY_FROM_EMAIL } = config();
  const plain = notificationText(record);
  const { subject, text } = urgent
    ? { subject: oneLine(`[Artloom] URGENT: ${urgent}`, 160), text: `${oneLine(urgent, 500)}\n\n${plain.text}` }
    : plain;
  if (urgent) logger.warn('operator alert', { messageId: record.id, type: record.type, alert: subject });
  if (!NOTIFY_EMAIL) {
    logger.info('message received (NOTIFY_EMAIL unset: notification logged, not emailed)', {
      messageId: record.id,
      type: record.type,
      subject,
    });
    return 'logged';
  }
  try {
    await sendEmail({ from: NOTIFY_FROM_EMAIL ?? NOTIFY_EMAIL, to: NOTIFY_EMAIL, subject, text });
    return 'sent';
  } catch (err) {
    logger.error('operator notification failed; the message is stored', { messageId: record.id, error: err as Error });
    return 'failed';
  }
}

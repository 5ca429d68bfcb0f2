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
 * fails the request.
 */
export async function notifyOperator(record: MessageRecord): Promise<'sent' | 'logged' | 'failed'> {
  const { NOTIFY_EMAIL, NOTIFY_FROM_EMAIL } = config();
  const { subject, text } = notificationText(record);
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

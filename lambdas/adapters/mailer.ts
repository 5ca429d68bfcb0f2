import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './aws-clients';

export interface Email {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text email through SES (v2). Plain text only, so visitor text is never rendered as HTML. */
export async function sendEmail(email: Email): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: email.from,
      Destination: { ToAddresses: [email.to] },
      Content: { Simple: { Subject: { Data: email.subject, Charset: 'UTF-8' }, Body: { Text: { Data: email.text, Charset: 'UTF-8' } } } },
    }),
  );
}

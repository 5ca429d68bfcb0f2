import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * SES (v2, REST-JSON: `POST /v2/email/outbound-emails`) for the local runtime, behind the local
 * gateway, so a function's SendEmail is signed, routed and checked against its role as in AWS. It
 * delivers nothing: every accepted message is kept in `sent` (tests read the operator's
 * notification there). Simple content only, the one form Artloom sends (lambdas/adapters/mailer.ts).
 */
export interface SentEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SesStandIn {
  url: string;
  sent: SentEmail[];
  stop(): Promise<void>;
}

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

export async function startSesStandIn(): Promise<SesStandIn> {
  const sent: SentEmail[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const error = (status: number, type: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
      res.end(JSON.stringify({ message }));
    };
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v2/email/outbound-emails') {
      return error(404, 'NotFoundException', `The local SES stand-in does not answer ${req.method} ${req.url}.`);
    }
    let body: SendEmailBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SendEmailBody;
    } catch {
      return error(400, 'BadRequestException', 'The request body is not JSON.');
    }
    const simple = body.Content?.Simple;
    const to = body.Destination?.ToAddresses ?? [];
    if (!body.FromEmailAddress || !to.length || !simple?.Subject?.Data) {
      return error(400, 'BadRequestException', 'A sender, a recipient and a subject are required.');
    }
    const messageId = randomUUID();
    sent.push({ messageId, from: body.FromEmailAddress, to, subject: simple.Subject.Data, text: simple.Body?.Text?.Data ?? '' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ MessageId: messageId }));
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import { handler as contact } from '../../../lambdas/handlers/forms/post-contact';
import { handler as feedback } from '../../../lambdas/handlers/forms/post-feedback';
import { handler as newsletter } from '../../../lambdas/handlers/forms/post-newsletter-subscribe';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { pngLike, rawMultipart } from './multipart-body';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ses = mockClient(SESv2Client);

const FIELDS = { feedbackType: 'design_ux', description: 'Lovely colours.', email: '', rating: '5' };

function feedbackEvent(withFile: boolean) {
  const parts = Object.entries(FIELDS).map(([name, value]) => ({ name, value }));
  if (withFile) parts.push({ name: 'screenshot', value: pngLike(200), filename: 'x.png', type: 'image/png' } as never);
  return apiEvent({
    method: 'POST',
    route: '/api/Feedback',
    headers: { 'content-type': 'multipart/form-data; boundary=zz', 'user-agent': 'UnitTest/1' },
    body: rawMultipart('zz', parts),
    sourceIp: '198.51.100.9',
  });
}

const jsonEvent = (route: string, body: unknown) => apiEvent({ method: 'POST', route, body, sourceIp: '198.51.100.9' });

describe('forms handlers (SDK mocked)', () => {
  beforeEach(() => {
    resetAnsweringEmpty(ddb, UpdateCommand, PutCommand);
    resetAnsweringEmpty(s3, PutObjectCommand, DeleteObjectCommand);
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    process.env.FORMS_RATE_LIMIT_PER_MINUTE = '5';
    process.env.FORMS_RATE_LIMIT_PER_HOUR = '30';
    process.env.NOTIFY_EMAIL = '';
    resetConfig();
  });

  it('puts the attachment first, then the record pointing at it', async () => {
    const result = await feedback(feedbackEvent(true), lambdaContext());
    expect(result.statusCode).toBe(201);
    const object = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    const record = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(object).toMatchObject({ ContentType: 'image/png', Bucket: 'artloom-attachments' });
    expect(record?.Item).toMatchObject({
      type: 'feedback',
      fields: { feedbackType: 'design_ux', rating: 5, email: '' },
      attachment: { key: object?.Key, contentType: 'image/png', size: 200 },
      sourceIp: '198.51.100.9',
      userAgent: 'UnitTest/1',
    });
    expect(record?.Item).not.toHaveProperty('fields.website');
    expect(record?.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('counts the submission in a per-minute and a per-hour window for the client IP', async () => {
    await feedback(feedbackEvent(false), lambdaContext());
    const keys = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key?.pk);
    expect(keys).toEqual(['rl#form-feedback-minute#198.51.100.9', 'rl#form-feedback-hour#198.51.100.9']);
  });

  it('answers 429 with Retry-After and stores nothing when the window is full', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'full', $metadata: {} }));
    const result = await feedback(feedbackEvent(true), lambdaContext());
    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toMatch(/^\d+$/);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('writes no record when the S3 put fails, and answers 503', async () => {
    s3.on(PutObjectCommand).rejects(new Error('S3 down'));
    const result = await feedback(feedbackEvent(true), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('deletes the attachment when the record write fails, and answers 503', async () => {
    ddb.on(PutCommand).rejects(new Error('DynamoDB down'));
    const result = await feedback(feedbackEvent(true), lambdaContext());
    expect(result.statusCode).toBe(503);
    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toMatchObject({ Key: put?.Key });
  });

  it('still answers 503 (not 500) when the clean-up delete fails too', async () => {
    ddb.on(PutCommand).rejects(new Error('DynamoDB down'));
    s3.on(DeleteObjectCommand).rejects(new Error('S3 down too'));
    expect((await feedback(feedbackEvent(true), lambdaContext())).statusCode).toBe(503);
  });

  it('emails the operator through SES after the record when NOTIFY_EMAIL is set', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    const result = await contact(
      jsonEvent('/api/contact', {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'a@b.co',
        subject: 'Hi there',
        message: 'Hello there, friends.',
      }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(201);
    const email = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(email?.Destination?.ToAddresses).toEqual(['ops@artloom.example']);
    expect(email?.FromEmailAddress).toBe('ops@artloom.example');
    expect(email?.Content?.Simple?.Subject?.Data).toBe('[Artloom] contact: Hi there');
    expect(email?.Content?.Simple?.Body?.Text?.Data).toContain('message: Hello there, friends.');
  });

  it('refuses a line break in a one-line field (no header injection reaches SES) with 400 naming the field', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    const body = { firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', subject: 'Hi\r\nBcc: x@evil', message: 'Hello there, friends.' };
    const result = await contact(jsonEvent('/api/contact', body), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(String(result.body)).error.fields).toHaveProperty('subject');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('does not call SES when NOTIFY_EMAIL is unset', async () => {
    await feedback(feedbackEvent(false), lambdaContext());
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('answers 201 even when SES fails (the message is stored)', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    ses.on(SendEmailCommand).rejects(new Error('MessageRejected'));
    const result = await feedback(feedbackEvent(false), lambdaContext());
    expect(result.statusCode).toBe(201);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('treats a repeat newsletter signup as success without a second row or email', async () => {
    process.env.NOTIFY_EMAIL = 'ops@artloom.example';
    resetConfig();
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const result = await newsletter(jsonEvent('/api/newsletter/subscribe', { email: 'Reader@Example.com' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ subscribed: true });
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ pk: 'newsletter#reader@example.com', sk: 'subscription' });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('drops a filled honeypot without touching S3, DynamoDB or SES', async () => {
    const result = await contact(
      jsonEvent('/api/contact', {
        firstName: 'Bot',
        lastName: 'Bot',
        email: 'b@b.co',
        subject: 'Buy',
        message: 'Buy cheap things now!',
        website: 'x',
      }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(201);
    expect(ddb.calls()).toHaveLength(0);
    expect(ses.calls()).toHaveLength(0);
  });
});

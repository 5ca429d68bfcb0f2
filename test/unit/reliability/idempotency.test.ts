import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as contact } from '../../../lambdas/handlers/forms/post-contact';
import { handler as feedback } from '../../../lambdas/handlers/forms/post-feedback';
import { resetConfig } from '../../../lambdas/lib/config';
import { json } from '../../../lambdas/lib/http';
import { idempotent } from '../../../lambdas/services/idempotency';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { pngLike, rawMultipart } from '../forms/multipart-body';

// Before the imports (vitest hoists it): the logger reads its level when it loads.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

/** Powertools' store speaks the plain client; the project's adapters the document client. */
const store = mockClient(DynamoDBClient);
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

type Item = Record<string, AttributeValue>;
const CONTACT = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', subject: 'Hello', message: 'I love the galleries.' };

const contactEvent = (key: string, body: unknown = CONTACT, sourceIp = '198.51.100.9') =>
  apiEvent({ method: 'POST', route: '/api/contact', headers: { 'idempotency-key': key }, body, sourceIp });

function feedbackEvent(key: string, boundary: string, screenshot: Buffer) {
  const fields = { feedbackType: 'design_ux', description: 'Lovely colours.', email: '', rating: '5' };
  const parts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const body = rawMultipart(boundary, [...parts, { name: 'screenshot', value: screenshot, filename: 'x.png', type: 'image/png' }]);
  return apiEvent({
    method: 'POST',
    route: '/api/Feedback',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
    body,
  });
}

const putItems = () => store.commandCalls(PutItemCommand).map((c) => c.args[0].input.Item ?? {});
const messagesStored = () => ddb.commandCalls(PutCommand).filter((c) => c.args[0].input.TableName === 'artloom-messages');

/** The record the store holds after the last run completed: its in-progress put with the completing update applied. */
function completedRecord(): Item {
  const put = putItems().at(-1) ?? {};
  const values = store.commandCalls(UpdateItemCommand).at(-1)?.args[0].input.ExpressionAttributeValues ?? {};
  return { ...put, status: { S: 'COMPLETED' }, ...(values[':response_data'] ? { data: values[':response_data'] } : {}) };
}

/** The next conditional put finds `item` under its key (what DynamoDB answers with ReturnValuesOnConditionCheckFailure). */
function holding(item: Item): void {
  store.on(PutItemCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {}, Item: item }));
}

describe('idempotent writes (Powertools Idempotency, SDK mocked)', () => {
  beforeEach(() => {
    resetAnsweringEmpty(store, PutItemCommand, UpdateItemCommand, DeleteItemCommand);
    resetAnsweringEmpty(ddb, PutCommand, UpdateCommand);
    resetAnsweringEmpty(s3, PutObjectCommand);
    process.env.NOTIFY_EMAIL = '';
    resetConfig();
  });

  it('claims the key until the deadline, runs once and records the 201 in the idempotency table', async () => {
    const before = Date.now();
    const result = await contact(contactEvent('key-00000001'), lambdaContext());
    expect(result.statusCode).toBe(201);
    const claim = store.commandCalls(PutItemCommand)[0]?.args[0].input;
    expect(claim?.TableName).toBe('artloom-idempotency');
    expect(claim?.Item?.id?.S).toMatch(/^contact#/);
    expect(claim?.Item?.status?.S).toBe('INPROGRESS');
    expect(claim?.Item?.validation?.S).toBeTruthy();
    // The key is held until the function's deadline (10 s here), kept a day.
    const until = Number(claim?.Item?.in_progress_expiration?.N);
    expect(until).toBeGreaterThan(before + 9_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10_000);
    expect(Number(claim?.Item?.expiration?.N)).toBeGreaterThan(before / 1000 + 86_000);
    const done = store.commandCalls(UpdateItemCommand)[0]?.args[0].input.ExpressionAttributeValues;
    expect(done?.[':status']).toEqual({ S: 'COMPLETED' });
    expect(done?.[':response_data']?.M?.statusCode).toEqual({ N: '201' });
    expect(messagesStored()).toHaveLength(1);
  });

  it('replays the first answer with idempotent-replayed: true and stores nothing again', async () => {
    const first = await contact(contactEvent('key-00000002'), lambdaContext());
    holding(completedRecord());
    const again = await contact(contactEvent('key-00000002'), lambdaContext());
    expect(again.statusCode).toBe(201);
    expect(again.headers?.['idempotent-replayed']).toBe('true');
    expect(bodyOf(again)).toEqual(bodyOf(first));
    expect(messagesStored()).toHaveLength(1);
  });

  it('refuses the same key with another body (422 idempotency_key_reused) and stores nothing under it', async () => {
    await contact(contactEvent('key-00000003'), lambdaContext());
    holding(completedRecord());
    const other = await contact(contactEvent('key-00000003', { ...CONTACT, message: 'Something else entirely.' }), lambdaContext());
    expect(other.statusCode).toBe(422);
    expect(bodyOf(other)).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(messagesStored()).toHaveLength(1);
  });

  it('answers 409 request_in_progress with Retry-After while the first run holds the key', async () => {
    await contact(contactEvent('key-00000004'), lambdaContext());
    const inFlight = putItems()[0] ?? {};
    holding({ ...inFlight, in_progress_expiration: { N: String(Date.now() + 5_000) } });
    const second = await contact(contactEvent('key-00000004'), lambdaContext());
    expect(second.statusCode).toBe(409);
    expect(second.headers?.['retry-after']).toBe('1');
    expect(bodyOf(second)).toMatchObject({ error: { code: 'request_in_progress' } });
    expect(messagesStored()).toHaveLength(1);
  });

  it('scopes the key to the sender network: the same key from another network is another record', async () => {
    // A form's network: an IPv4 address, an IPv6 /64.
    await contact(contactEvent('key-00000005', CONTACT, '2001:db8:1:2::1'), lambdaContext());
    await contact(contactEvent('key-00000005', CONTACT, '2001:db8:1:2::99'), lambdaContext());
    await contact(contactEvent('key-00000005', CONTACT, '2001:db8:1:3::1'), lambdaContext());
    const [here, sameNetwork, elsewhere] = putItems().map((i) => i.id?.S);
    expect(sameNetwork).toBe(here);
    expect(elsewhere).not.toBe(here);
  });

  it('hashes a multipart body without its boundary, files included', async () => {
    await feedback(feedbackEvent('key-00000006', 'first-boundary', pngLike(200)), lambdaContext());
    await feedback(feedbackEvent('key-00000006', 'redrawn-boundary', pngLike(200)), lambdaContext());
    await feedback(feedbackEvent('key-00000006', 'first-boundary', pngLike(300)), lambdaContext());
    const [first, redrawn, otherFile] = putItems().map((i) => i.validation?.S);
    expect(redrawn).toBe(first);
    expect(otherFile).not.toBe(first);
  });

  it('refuses the same key with another screenshot (422) without storing the second message', async () => {
    await feedback(feedbackEvent('key-00000007', 'b1', pngLike(200)), lambdaContext());
    holding(completedRecord());
    const other = await feedback(feedbackEvent('key-00000007', 'b2', pngLike(300)), lambdaContext());
    expect(other.statusCode).toBe(422);
    expect(bodyOf(other)).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(messagesStored()).toHaveLength(1);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(1);
  });

  it('gives the key back after a failed run, so a retry runs again', async () => {
    const notAnImage = feedbackEvent('key-00000008', 'b1', Buffer.from('not an image at all'));
    const result = await feedback(notAnImage, lambdaContext());
    expect(result.statusCode).toBe(415);
    expect(store.commandCalls(DeleteItemCommand)[0]?.args[0].input.Key).toEqual({ id: putItems()[0]?.id });
    expect(store.commandCalls(UpdateItemCommand)).toHaveLength(0);
  });

  it('keeps no key for a non-2xx answer, and answers it', async () => {
    const result = await idempotent(contactEvent('key-00000009'), lambdaContext(), 'test', async () => json(409, { busy: true }));
    expect(result.statusCode).toBe(409);
    expect(store.commandCalls(DeleteItemCommand)).toHaveLength(1);
    expect(store.commandCalls(UpdateItemCommand)).toHaveLength(0);
  });

  it('still answers the write when its answer cannot be recorded', async () => {
    store.on(UpdateItemCommand).rejects(new Error('socket hang up'));
    const result = await contact(contactEvent('key-00000010'), lambdaContext());
    expect(result.statusCode).toBe(201);
    expect(messagesStored()).toHaveLength(1);
  });

  it('leaves a request without a key alone (no record), and refuses a malformed key with 400', async () => {
    const plain = apiEvent({ method: 'POST', route: '/api/contact', body: CONTACT });
    expect((await contact(plain, lambdaContext())).statusCode).toBe(201);
    expect(store.calls()).toHaveLength(0);
    const bad = await contact(contactEvent('short'), lambdaContext());
    expect(bad.statusCode).toBe(400);
    expect(bodyOf(bad)).toMatchObject({ error: { code: 'invalid_idempotency_key' } });
  });
});

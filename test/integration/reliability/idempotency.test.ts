import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../../lambdas/adapters/aws-clients';
import { config } from '../../../lambdas/lib/config';
import { networkOf } from '../../../lambdas/lib/network';
import { tinyPng as pngOfHue } from '../../fixtures/images';
import { errorOf, type FormsTestApp, form, startFormsApp, tinyPng, validContact, validFeedback } from '../forms/support';

/**
 * The ids Powertools may give a key's record from this machine (`<scope>#<sha256 of the key scoped
 * to the network>`): the network of 127.0.0.1 or of ::1.
 */
const recordIds = (scope: string, key: string) =>
  ['127.0.0.1', '::1'].map((ip) => {
    const scoped = `${createHash('sha256').update(networkOf(ip, 'form')).digest('base64url').slice(0, 16)}.${key}`;
    return `${scope}#${createHash('sha256').update(JSON.stringify(scoped)).digest('base64')}`;
  });

/** A JSON POST from another loopback address (another network). */
function postFrom(fromIp: string, path: string, key: string, body: unknown): Promise<{ status: number; body: { id: string } }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, appUrl);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: fromIp,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
let appUrl = '';

/** Each visitor write is stored once per Idempotency-Key; a retry gets the first answer. */
describe('idempotent writes', () => {
  let app: FormsTestApp;
  beforeAll(async () => {
    app = await startFormsApp();
    appUrl = app.url;
  });
  afterAll(async () => app?.close());

  const postContact = (key: string, body: unknown = validContact) =>
    app.api('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
  const contacts = async () => (await app.messages()).filter((m) => m.type === 'contact');

  it('a retried contact message with the same key is stored once and answered with the first receipt', async () => {
    const key = randomUUID();
    const first = await postContact(key);
    expect(first.status).toBe(201);
    const second = await postContact(key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await contacts()).toHaveLength(1);
  });

  it('a retry whose first answer was never recorded (cut off after the write) still finds the same message', async () => {
    const key = randomUUID();
    const first = (await (await postContact(key)).json()) as { id: string };
    // As if the first run stored the message and then timed out before recording its answer.
    for (const id of recordIds('contact', key))
      await dynamo().send(new DeleteCommand({ TableName: config().IDEMPOTENCY_TABLE, Key: { id } }));
    const again = await postContact(key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    expect((await contacts()).filter((m) => m.id === first.id)).toHaveLength(1);
  });

  it('the same key with another body is refused (422), a bad key is a 400', async () => {
    const key = randomUUID();
    expect((await postContact(key)).status).toBe(201);
    const other = await postContact(key, { ...validContact, message: 'Something else entirely, with enough words.' });
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe('idempotency_key_reused');
    const bad = await postContact('short');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('invalid_idempotency_key');
  });

  it('a retried feedback with its screenshot is stored once, with one attachment', async () => {
    const key = randomUUID();
    const png = await tinyPng();
    const send = () =>
      app.api('/api/Feedback', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: form(validFeedback, { content: png, name: 'shot.png', type: 'image/png' }),
      });
    const before = (await app.attachments()).length;
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect((await app.attachments()).length).toBe(before + 1);
  });

  it('the same key with another multipart body (another screenshot) is refused (422), nothing stored silently', async () => {
    const key = randomUUID();
    const feedbacks = async () => (await app.messages()).filter((m) => m.type === 'feedback').length;
    const send = (hue: number) =>
      pngOfHue(hue).then((png) =>
        app.api('/api/Feedback', {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body: form(validFeedback, { content: png, name: 'shot.png', type: 'image/png' }),
        }),
      );
    expect((await send(10)).status).toBe(201);
    const [messages, attachments] = [await feedbacks(), (await app.attachments()).length];
    const other = await send(200);
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe('idempotency_key_reused');
    // Told, not answered with the first receipt: nothing of the second was stored under it.
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await feedbacks()).toBe(messages);
    expect((await app.attachments()).length).toBe(attachments);
  });

  it('a duplicate while the first run still holds the key is told to retry (409 request_in_progress, Retry-After)', async () => {
    const key = randomUUID();
    expect((await postContact(key)).status).toBe(201);
    // As if the first run were still in flight: its record back in progress, held for a while yet.
    for (const id of recordIds('contact', key))
      await dynamo()
        .send(
          new UpdateCommand({
            TableName: config().IDEMPOTENCY_TABLE,
            Key: { id },
            UpdateExpression: 'SET #status = :inProgress, in_progress_expiration = :until',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':inProgress': 'INPROGRESS', ':until': Date.now() + 60_000 },
          }),
        )
        .catch((err: Error) => {
          if (err.name !== 'ConditionalCheckFailedException') throw err;
        });
    const duplicate = await postContact(key);
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('retry-after')).toBe('1');
    expect((await errorOf(duplicate)).code).toBe('request_in_progress');
  });

  it('a failed run does not keep the key: the corrected retry with the same key is stored', async () => {
    const key = randomUUID();
    const send = (content: Buffer, type: string) =>
      app.api('/api/Feedback', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: form(validFeedback, { content, name: 'shot.png', type }),
      });
    expect((await send(Buffer.from('not a picture at all'), 'image/png')).status).toBe(415);
    const retry = await send(await tinyPng(), 'image/png');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('the same key from another network is another request: stored, with its own receipt', async () => {
    const key = randomUUID();
    const fromHere = (await (await postContact(key)).json()) as { id: string };
    const fromThere = await postFrom('127.0.9.9', '/api/contact', key, {
      ...validContact,
      message: 'Another visitor, another message here.',
    });
    expect(fromThere.status).toBe(201);
    expect(fromThere.body.id).not.toBe(fromHere.id);
    expect((await contacts()).map((m) => m.id)).toEqual(expect.arrayContaining([fromHere.id, fromThere.body.id]));
  });

  it('without a key nothing changes: two posts are two messages', async () => {
    const before = (await contacts()).length;
    expect((await app.postJson('/api/contact', validContact)).status).toBe(201);
    expect((await app.postJson('/api/contact', validContact)).status).toBe(201);
    expect((await contacts()).length).toBe(before + 2);
  });
});

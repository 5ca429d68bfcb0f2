import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, s3 } from '../../../lambdas/adapters/aws-clients';
import { config } from '../../../lambdas/lib/config';
import { consume } from '../../../lambdas/services/rate-limit';
import { freshConnection } from '../../../local/fresh-connection';
import { startStack } from '../../../local/stack';
import { startTestApp, type TestApp } from '../../support/local-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('local stack through the handlers’ own SDK clients', () => {
  it('writes, reads and queries DynamoDB Local by a GSI', async () => {
    const TableName = config().IMAGES_TABLE;
    for (const n of [1, 2, 3]) {
      await dynamo().send(
        new PutCommand({ TableName, Item: { pk: `img#${n}`, sk: 'meta', gsi1pk: 'owner#x', gsi1sk: `2026-11-23T10:00:0${n}Z` } }),
      );
    }
    const page = await dynamo().send(
      new QueryCommand({
        TableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :o',
        ExpressionAttributeValues: { ':o': 'owner#x' },
        ScanIndexForward: false,
        Limit: 2,
      }),
    );
    expect(page.Items?.map((i) => i.pk)).toEqual(['img#3', 'img#2']);
    expect(page.LastEvaluatedKey).toBeDefined();
  });

  it('enforces conditional writes and transactions', async () => {
    const TableName = config().JOBS_TABLE;
    const put = () =>
      dynamo().send(new PutCommand({ TableName, Item: { pk: 'job#1', sk: 'job' }, ConditionExpression: 'attribute_not_exists(pk)' }));
    await put();
    await expect(put()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await expect(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { pk: 'job#2', sk: 'job' } } },
            { Put: { TableName, Item: { pk: 'job#1', sk: 'job' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect((await dynamo().send(new GetCommand({ TableName, Key: { pk: 'job#2', sk: 'job' } }))).Item).toBeUndefined();
  });

  it('stores objects in s3rver and serves public ones under /files with immutable caching', async () => {
    const Bucket = config().IMAGES_BUCKET;
    await s3().send(new PutObjectCommand({ Bucket, Key: 'files/test/hello.txt', Body: 'hello', ContentType: 'text/plain' }));
    const res = await app.api('/files/test/hello.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('hello');
    expect((await app.api('/files/test/missing.txt')).status).toBe(404);
    const signed = await getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key: 'files/test/hello.txt' }), { expiresIn: 60 });
    expect(await (await fetch(signed)).text()).toBe('hello');
  });

  it('answers concurrent writes and deletes in one folder without an InternalError (s3rver left alone removed emptied folders)', async () => {
    const Bucket = config().IMAGES_BUCKET;
    const key = (dir: string, n: number) => `race/${dir}/${n}.bin`;
    const put = (k: string) => s3().send(new PutObjectCommand({ Bucket, Key: k, Body: Buffer.from(k) }));
    const del = (k: string) => s3().send(new DeleteObjectCommand({ Bucket, Key: k }));
    for (let round = 0; round < 10; round++) {
      await Promise.all([0, 1, 2, 3].flatMap((n) => [put(key('a', n)), put(key('b', n))]));
      // Every delete empties a folder the other deletes and the writes below are using.
      await Promise.all([
        ...[0, 1, 2, 3].flatMap((n) => [del(key('a', n)), del(key('b', n))]),
        put(key('a', 10 + round)),
        put(key('c', round)),
      ]);
    }
    const body = await (await s3().send(new GetObjectCommand({ Bucket, Key: key('c', 9) }))).Body?.transformToString();
    expect(body).toBe(key('c', 9));
  });

  it('counts a rate limit window in the counters table', async () => {
    const rule = { scope: 'test', limit: 2, windowSeconds: 60 };
    const now = Date.UTC(2026, 10, 23, 10, 0, 30);
    await consume(rule, '203.0.113.9', 'Too many.', now);
    await consume(rule, '203.0.113.9', 'Too many.', now);
    await expect(consume(rule, '203.0.113.9', 'Too many.', now)).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '30' } });
    await consume(rule, '203.0.113.10', 'Too many.', now);
    await consume(rule, '203.0.113.9', 'Too many.', now + 30_000);
  });
});

describe('local HTTP adapter', () => {
  it('answers /api/health with every dependency up (twin of the unit test)', async () => {
    const res = await app.api('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, renderer: 'preview', dependencies: { dynamodb: { ok: true }, s3: { ok: true } } });
  });

  it('answers unknown routes and methods with JSON errors', async () => {
    const missing = await app.api('/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'route_not_found' } });
    const wrongMethod = await app.api('/api/health', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });

  it('refuses bodies over API Gateway’s 10 MB limit with 413', async () => {
    const big = await fetch(`${app.url}/api/health`, { method: 'POST', body: Buffer.alloc(10 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});

describe('persistence', () => {
  it('keeps a record across a restart of the stand-ins', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'artloom-persist-'));
    try {
      const first = await startStack({ dataDir, prefix: 'persist' });
      const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
      const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
      const { PutObjectCommand: Put, GetObjectCommand: Get, S3Client } = await import('@aws-sdk/client-s3');
      const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
      const clients = (stack: typeof first) => ({
        ddb: DynamoDBDocumentClient.from(
          new DynamoDBClient({
            region: 'us-east-1',
            endpoint: stack.dynamoEndpoint,
            credentials: creds,
            requestHandler: freshConnection(),
          }),
        ),
        s3: new S3Client({ region: 'us-east-1', endpoint: stack.s3Endpoint, forcePathStyle: true, credentials: creds }),
      });
      const a = clients(first);
      await a.ddb.send(new PutCommand({ TableName: 'persist-images', Item: { pk: 'keep', sk: 'me', note: 'written before restart' } }));
      await a.s3.send(new Put({ Bucket: 'persist-images', Key: 'files/keep.txt', Body: 'kept' }));
      await first.stop();

      const second = await startStack({ dataDir, prefix: 'persist' });
      const b = clients(second);
      const item = await b.ddb.send(new GetCommand({ TableName: 'persist-images', Key: { pk: 'keep', sk: 'me' } }));
      expect(item.Item?.note).toBe('written before restart');
      const object = await b.s3.send(new Get({ Bucket: 'persist-images', Key: 'files/keep.txt' }));
      expect(await object.Body?.transformToString()).toBe('kept');
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two cold JVM starts: generous on a loaded 2-core machine.
  }, 240_000);
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { freshConnection } from '../../../local/fresh-connection';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/names';
import { startTestApp, type TestApp } from '../../support/local-app';

const SECRET = 'integration-origin-secret-0123456789';

/**
 * The twin of test/unit/lambdas/viewer-ip.test.ts: the real handlers behind the local HTTP adapter,
 * the counters in DynamoDB Local, ORIGIN_SECRET set as in AWS, requests shaped as CloudFront sends them.
 */
describe('viewer address and origin secret (local HTTP + DynamoDB Local)', () => {
  let app: TestApp;
  let ddb: DynamoDBDocumentClient;
  beforeAll(async () => {
    app = await startTestApp({
      env: {
        ORIGIN_SECRET: SECRET,
        FORMS_RATE_LIMIT_PER_MINUTE: '5',
        FORMS_RATE_LIMIT_PER_HOUR: '30',
        NOTIFY_EMAIL: '',
        LOG_LEVEL: 'SILENT',
      },
    });
    ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        endpoint: app.env.DYNAMODB_ENDPOINT,
        credentials: LOCAL_CREDENTIALS,
        requestHandler: freshConnection(),
      }),
    );
  });
  afterAll(async () => {
    // Later files in this worker run without an edge.
    for (const key of ['ORIGIN_SECRET', 'FORMS_RATE_LIMIT_PER_MINUTE', 'FORMS_RATE_LIMIT_PER_HOUR']) delete process.env[key];
    await app?.stop();
  });

  const subscribe = (headers: Record<string, string>, email: string) =>
    app.api('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, website: '' }),
    });

  it('counts the per-IP limit on CloudFront-Viewer-Address, whatever X-Forwarded-For says', async () => {
    for (const [i, xff] of ['203.0.113.1', '203.0.113.2, 10.0.0.1'].entries()) {
      const res = await subscribe(
        { [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '198.51.100.23:40000', 'x-forwarded-for': xff },
        `reader${i}@example.com`,
      );
      expect(res.status).toBe(200);
    }
    const items = (await ddb.send(new ScanCommand({ TableName: `${app.prefix}-counters` }))).Items ?? [];
    const minute = items.filter((i) => String(i.pk).startsWith('rl#form-newsletter-minute#'));
    expect(minute.map((i) => [i.pk, i.count])).toEqual([['rl#form-newsletter-minute#198.51.100.23', 2]]);
  });

  it('answers 403 to a request that did not come through CloudFront, and counts nothing for it', async () => {
    const res = await subscribe({ [VIEWER_ADDRESS_HEADER]: '198.51.100.24:1' }, 'direct@example.com');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
    const items = (await ddb.send(new ScanCommand({ TableName: `${app.prefix}-counters` }))).Items ?? [];
    expect(items.some((i) => String(i.pk).includes('198.51.100.24'))).toBe(false);
  });
});

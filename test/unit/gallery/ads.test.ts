import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as click } from '../../../lambdas/handlers/ads/get-click';
import { handler as randomAd } from '../../../lambdas/handlers/ads/get-random-ad';
import { handler as listAds } from '../../../lambdas/handlers/ads/list-ads';
import { servedOn, storeAd } from '../../../lambdas/services/ads';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ad = (id: string, alternateText = '') => ({
  id,
  navigateUrl: `https://example.com/${id}`,
  imageUrl: `/files/ads/${id}.png`,
  alternateText,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('ads handlers', () => {
  beforeEach(() => {
    ddb.reset();
    s3.reset();
  });

  it('lists every ad from the ads index, with the default alternate text', async () => {
    ddb.on(QueryCommand).resolves({ Items: [ad('a', 'Shoes'), ad('b')] });
    const result = await listAds(apiEvent({ path: '/api/ads/all' }), lambdaContext());
    expect(bodyOf(result)).toEqual([
      { id: 'a', navigateUrl: 'https://example.com/a', imageUrl: '/files/ads/a.png', alternateText: 'Shoes' },
      { id: 'b', navigateUrl: 'https://example.com/b', imageUrl: '/files/ads/b.png', alternateText: 'Sponsored Ad' },
    ]);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':ads': 'ads' },
    });
  });

  it('answers one of the ads, or 204 when there are none', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [ad('a'), ad('b')] })
      .resolves({ Items: [] });
    const one = bodyOf(await randomAd(apiEvent({ path: '/api/ads/random' }), lambdaContext())) as { id: string };
    expect(['a', 'b']).toContain(one.id);
    expect((await randomAd(apiEvent({ path: '/api/ads/random' }), lambdaContext())).statusCode).toBe(204);
  });

  it('stores the banner (immutable) before the record', async () => {
    s3.on(PutObjectCommand).resolves({});
    ddb.on(PutCommand).resolves({});
    const stored = await storeAd({ id: 'x', webp: Buffer.from('webp'), navigateUrl: 'https://example.com/x' });
    expect(stored).toEqual({ id: 'x', navigateUrl: 'https://example.com/x', imageUrl: '/files/ads/x.webp', alternateText: 'Sponsored Ad' });
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toMatchObject({
      Key: 'files/ads/x.webp',
      ContentType: 'image/webp',
      CacheControl: expect.stringContaining('immutable'),
    });
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({ pk: 'ad#x', gsi1pk: 'ads', imageKey: 'files/ads/x.webp' });
  });
});

describe('ad dates and counts', () => {
  beforeEach(() => ddb.reset());

  it('serves an ad from its first day to its last, both included, and never a disabled one', () => {
    const dated = { startsOn: '2026-03-01', endsOn: '2026-03-31' };
    expect(servedOn(dated, '2026-02-28')).toBe(false);
    expect(servedOn(dated, '2026-03-01')).toBe(true);
    expect(servedOn(dated, '2026-03-31')).toBe(true);
    expect(servedOn(dated, '2026-04-01')).toBe(false);
    expect(servedOn({}, '2026-04-01')).toBe(true);
    expect(servedOn({ enabled: false }, '2026-04-01')).toBe(false);
  });

  it('a click counts under the network cap and answers 302 to the stored address only', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'ad#a', sk: 'ad', ...ad('a') } });
    ddb.on(UpdateCommand).resolves({});
    const event = apiEvent({
      method: 'GET',
      path: '/api/ads/a/click',
      pathParameters: { id: 'a' },
      query: { url: 'https://evil.example' },
    });
    const result = await click(event, lambdaContext());
    expect(result.statusCode).toBe(302);
    expect(result.headers?.location).toBe('https://example.com/a');
    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    // The network's hourly cap first (a hashed key: no address in the table), then the day's count.
    expect(updates[0]?.Key?.pk).toMatch(/^rl#ad-click#[0-9a-f]{24}$/);
    expect(updates[1]).toMatchObject({ Key: { pk: 'adday#a', sk: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(updates[1]?.ExpressionAttributeNames).toEqual({ '#event': 'clicks' });
  });
});

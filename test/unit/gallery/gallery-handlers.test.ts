import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as categoryMetadata } from '../../../lambdas/handlers/gallery/get-category-metadata';
import { handler as listCategory } from '../../../lambdas/handlers/gallery/list-category';
import { handler as listFeatured } from '../../../lambdas/handlers/gallery/list-featured';
import { handler as listImages } from '../../../lambdas/handlers/gallery/list-images';
import { handler as sampleFeatured } from '../../../lambdas/handlers/gallery/sample-featured';
import { PUBLIC_LIST_EDGE_SECONDS } from '../../../shared/constants';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';
import { withSigningCredentials } from '../../fixtures/signing';

const ddb = mockClient(DynamoDBDocumentClient);
const USER = '3f0b9a8e-6a43-4f7c-9d1e-2b7c1f0e9a11';

const image = (i: number, category = 'default') => ({
  id: `img-${i}`,
  fileName: `img-${i}.png`,
  prompt: `Prompt number ${i}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  url: `/files/images/img-${i}.png`,
  thumbnailUrl: `/files/thumbs/img-${i}.webp`,
  aspectRatio: '4:3',
  modelName: 'flux_schnell',
  category,
  width: 1024,
  height: 768,
  seed: i,
});

const get = (path: string, query: Record<string, string> = {}) => apiEvent({ path, query });

/** A visitor's picture as their gallery answers it: presigned urls of its private objects. */
const privately = (i: number) => ({
  ...image(i),
  url: expect.stringMatching(new RegExp(`/private/images/img-${i}\\.png\\?.*X-Amz-Signature=`)),
  thumbnailUrl: expect.stringMatching(new RegExp(`/private/thumbs/img-${i}\\.webp\\?.*X-Amz-Signature=`)),
});

beforeAll(withSigningCredentials);

describe('gallery list handler', () => {
  beforeEach(() => ddb.reset());

  it("queries the visitor's owner partition newest first with take as the limit", async () => {
    ddb.on(QueryCommand).resolves({ Items: [image(2), image(1)], Count: 2 });
    const result = await listImages(
      get('/api/gallery/list', { model: 'flux_schnell', userId: USER, skip: '0', take: '25' }),
      lambdaContext(),
    );
    expect(result.statusCode).toBe(200);
    // Its presigned urls are its author's alone: no shared cache may keep the answer.
    expect(result.headers?.['cache-control']).toBe('no-store');
    expect(bodyOf(result)).toEqual([privately(2), privately(1)]);
    const input = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      IndexName: 'gsi1',
      ScanIndexForward: false,
      Limit: 25,
      ExpressionAttributeValues: { ':pk': `owner#user#${USER}` },
    });
  });

  it('skips with a keys-only query, then reads the page from where it stopped', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 25, LastEvaluatedKey: { pk: 'img#x' } })
      .resolvesOnce({ Items: [image(1)], Count: 1 });
    const result = await listImages(get('/api/gallery/list', { userId: USER, skip: '25', take: '25' }), lambdaContext());
    expect(bodyOf(result)).toEqual([privately(1)]);
    const [skipCall, pageCall] = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(skipCall).toMatchObject({ Limit: 25, ProjectionExpression: '#pk' });
    expect(pageCall).toMatchObject({ Limit: 25, ExclusiveStartKey: { pk: 'img#x' } });
  });

  it('answers [] without a page read when skip passes the end', async () => {
    ddb.on(QueryCommand).resolves({ Count: 3 });
    const result = await listImages(get('/api/gallery/list', { userId: USER, skip: '50' }), lambdaContext());
    expect(bodyOf(result)).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it.each([
    [{}, 'userId'],
    [{ userId: 'nope' }, 'userId'],
    [{ userId: USER, take: '0' }, 'take'],
    [{ userId: USER, take: '101' }, 'take'],
    [{ userId: USER, take: '1e3' }, 'take'],
    [{ userId: USER, skip: '-1' }, 'skip'],
    [{ userId: USER, model: 'sdxl' }, 'model'],
  ])('returns 400 naming the field for %j', async (query, field) => {
    const result = await listImages(get('/api/gallery/list', query), lambdaContext());
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'validation_failed', fields: { [field]: expect.any(String) } } });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('maps a DynamoDB failure to a 503 storage_unavailable JSON error without internals (issue 10)', async () => {
    ddb.on(QueryCommand).rejects(Object.assign(new Error('secret table detail'), { name: 'InternalServerError' }));
    const result = await listImages(get('/api/gallery/list', { userId: USER }), lambdaContext());
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('5');
    expect(JSON.parse(String(result.body)).error.code).toBe('storage_unavailable');
    expect(result.body).not.toContain('secret');
  });
});

describe('featured handlers', () => {
  beforeEach(() => ddb.reset());

  it('lists the admin owner partition', async () => {
    ddb.on(QueryCommand).resolves({ Items: [image(1)], Count: 1 });
    const result = await listFeatured(get('/api/gallery/admin', { take: '10' }), lambdaContext());
    expect(bodyOf(result)).toEqual([image(1)]);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      Limit: 10,
      ExpressionAttributeValues: { ':pk': 'owner#admin' },
    });
  });

  it('samples take distinct slots with one GetItem and one BatchGetItem', async () => {
    ddb.on(GetCommand).resolves({ Item: { pk: 'featured#count', sk: 'meta', count: 1000 } });
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { pk: string }[] }> }) => {
      const [table, request] = Object.entries(input.RequestItems)[0] ?? ['', { Keys: [] }];
      return { Responses: { [table]: request.Keys.map((k, i) => ({ ...image(i), id: k.pk, pk: k.pk })) } };
    });
    const result = await sampleFeatured(get('/api/gallery/admin/random', { skip: '0', take: '25' }), lambdaContext());
    const body = bodyOf(result) as { id: string }[];
    expect(body).toHaveLength(25);
    expect(new Set(body.map((b) => b.id)).size).toBe(25);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
    for (const b of body) expect(b.id).toMatch(/^featured#\d{10}$/);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers [] with no featured images and reads nothing more', async () => {
    ddb.on(GetCommand).resolves({});
    const result = await sampleFeatured(get('/api/gallery/admin/random'), lambdaContext());
    expect(bodyOf(result)).toEqual([]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('retries unprocessed keys of the batch read', async () => {
    ddb.on(GetCommand).resolves({ Item: { count: 2 } });
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'artloom-images': [] },
        UnprocessedKeys: { 'artloom-images': { Keys: [{ pk: 'featured#0000000000', sk: 'slot' }] } },
      })
      .resolves({ Responses: { 'artloom-images': [{ ...image(0), pk: 'featured#0000000000' }] } });
    const result = await sampleFeatured(get('/api/gallery/admin/random', { take: '1' }), lambdaContext());
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(result.statusCode).toBe(200);
  });
});

describe('category handlers', () => {
  beforeEach(() => ddb.reset());

  it.each([
    ['no metadata item', {}],
    ['a count of zero', { Item: { count: 0, lastUpdated: '2026-01-01T00:00:00.000Z' } }],
  ])('answers 204 for %s', async (_name, output) => {
    ddb.on(GetCommand).resolves(output);
    const result = await categoryMetadata(get('/api/gallery/category/metadata', { category: 'Space', user: 'admin' }), lambdaContext());
    expect(result.statusCode).toBe(204);
    expect(result.body).toBeUndefined();
  });

  it('answers lastUpdated of the category item', async () => {
    ddb.on(GetCommand).resolves({ Item: { count: 3, lastUpdated: '2026-02-03T04:05:06.007Z' } });
    const result = await categoryMetadata(get('/api/gallery/category/metadata', { category: 'Minimalist' }), lambdaContext());
    expect(bodyOf(result)).toEqual({ lastUpdated: '2026-02-03T04:05:06.007Z' });
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ pk: 'cat#Minimalist', sk: 'meta' });
  });

  it('reads every page of the category partition', async () => {
    ddb.on(GetCommand).resolves({});
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [image(3, 'Space'), image(2, 'Space')], LastEvaluatedKey: { pk: 'k' } })
      .resolvesOnce({ Items: [image(1, 'Space')] });
    const result = await listCategory(
      get('/api/gallery/category/all', { category: 'Space', user: 'admin', model: 'flux_schnell' }),
      lambdaContext(),
    );
    expect(bodyOf(result)).toEqual([image(3, 'Space'), image(2, 'Space'), image(1, 'Space')]);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: { ':pk': 'cat#Space' },
    });
  });

  it('lets CloudFront keep the list under an ETag of its lastUpdated, and answers 304 without the Query while it holds', async () => {
    const meta = { Item: { count: 1, lastUpdated: '2026-02-03T04:05:06.007Z' } };
    ddb
      .on(GetCommand)
      .resolves(meta)
      .on(QueryCommand)
      .resolves({ Items: [image(1, 'Space')] });
    const query = { category: 'Space', user: 'admin' };
    const full = await listCategory(get('/api/gallery/category/all', query), lambdaContext());
    expect(full.statusCode).toBe(200);
    const etag = full.headers?.etag as string;
    expect(etag).toBe('"2026-02-03T04:05:06.007Z/1"');
    expect(full.headers?.['cache-control']).toBe(`public, max-age=0, s-maxage=${PUBLIC_LIST_EDGE_SECONDS}`);
    ddb.resetHistory();
    const again = (etags: string) =>
      listCategory(apiEvent({ path: '/api/gallery/category/all', query, headers: { 'if-none-match': etags } }), lambdaContext());
    const same = await again(`W/"x,y", W/${etag}`);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBeUndefined();
    expect(same.headers?.etag).toBe(etag);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
    // A change (an add, a hide, a delete) moves lastUpdated: the old tag no longer holds.
    ddb.on(GetCommand).resolves({ Item: { count: 0, lastUpdated: '2026-02-03T04:05:07.000Z' } });
    const moved = await again(etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers?.etag).toBe('"2026-02-03T04:05:07.000Z/0"');
  });

  it.each<Record<string, string>>([{ category: 'space' }, { category: 'Space', user: 'user' }, {}])('answers 400 to %j', async (query) => {
    for (const h of [categoryMetadata, listCategory]) {
      expect((await h(get('/api/gallery/category/all', query), lambdaContext())).statusCode).toBe(400);
    }
    expect(ddb.calls()).toHaveLength(0);
  });
});

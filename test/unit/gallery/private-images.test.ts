import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { presignView, SHARED_COPY_CACHE } from '../../../lambdas/adapters/image-bucket';
import { config } from '../../../lambdas/lib/config';
import { inboxPage } from '../../../lambdas/services/inbox';
import { movePrivateImages, publishCopies, readerAccess, withdrawCopies } from '../../../lambdas/services/private-images';
import { resetAnsweringEmpty } from '../../fixtures/aws-mock';
import { withSigningCredentials } from '../../fixtures/signing';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const HOUR = 3600_000;

beforeAll(withSigningCredentials);

describe('presigned urls of private objects', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps one url through a window, signed at its start and valid for two', async () => {
    const window = config().PRIVATE_URL_WINDOW_SECONDS * 1000;
    const start = Math.ceil(Date.UTC(2026, 10, 26) / window) * window;
    vi.useFakeTimers({ now: start + 1000 });
    const first = await presignView('private/images/a.png');
    vi.setSystemTime(start + window - 1000);
    expect(await presignView('private/images/a.png')).toBe(first);
    const url = new URL(first);
    expect(url.pathname).toMatch(/\/private\/images\/a\.png$/);
    expect(url.searchParams.get('X-Amz-Date')).toBe(new Date(start).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe((2 * window) / 1000);
    vi.setSystemTime(start + window);
    expect(await presignView('private/images/a.png')).not.toBe(first);
  });

  it('defaults to a window of 6 hours', () => {
    expect(config().PRIVATE_URL_WINDOW_SECONDS * 1000).toBe(6 * HOUR);
  });
});

describe('who reads which url of a picture (readerAccess, issue 30)', () => {
  const AUTHOR = 'a0000000-0000-4000-8000-000000000001';
  const STRANGER = 'a0000000-0000-4000-8000-000000000002';
  const visitors = (state: { sharedAt?: string; hidden?: boolean } = {}) => ({ owner: 'user' as const, userId: AUTHOR, ...state });
  const shared = { sharedAt: '2026-01-01T00:00:00.000Z' };

  it.each([
    ['never shared, its author', visitors(), AUTHOR, 'author'],
    ['never shared, a stranger', visitors(), STRANGER, 'none'],
    ['never shared, no visitor id', visitors(), undefined, 'none'],
    ['shared, its author', visitors(shared), AUTHOR, 'author'],
    ['shared, a stranger', visitors(shared), STRANGER, 'public'],
    ['hidden while shared, its author', visitors({ ...shared, hidden: true }), AUTHOR, 'hidden'],
    ['hidden while shared, a stranger', visitors({ ...shared, hidden: true }), STRANGER, 'none'],
    ['hidden, never shared, a stranger', visitors({ hidden: true }), undefined, 'none'],
    ["an operator's, anyone", { owner: 'admin' as const }, undefined, 'public'],
    ["an operator's hidden, anyone", { owner: 'admin' as const, hidden: true }, STRANGER, 'hidden'],
  ] as const)('%s → %s', (_name, item, reader, access) => {
    expect(readerAccess(item, reader)).toBe(access);
  });
});

describe('shared copies', () => {
  beforeEach(() => resetAnsweringEmpty(s3, CopyObjectCommand, DeleteObjectCommand));

  it('copies the private original and thumbnail to the public keys with the short cache', async () => {
    await publishCopies('a');
    const copies = s3.commandCalls(CopyObjectCommand).map((c) => c.args[0].input);
    expect(copies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          CopySource: `${config().IMAGES_BUCKET}/private/images/a.png`,
          Key: 'files/images/a.png',
          ContentType: 'image/png',
        }),
        expect.objectContaining({
          CopySource: `${config().IMAGES_BUCKET}/private/thumbs/a.webp`,
          Key: 'files/thumbs/a.webp',
          ContentType: 'image/webp',
        }),
      ]),
    );
    for (const copy of copies) expect(copy).toMatchObject({ MetadataDirective: 'REPLACE', CacheControl: SHARED_COPY_CACHE });
    expect(SHARED_COPY_CACHE).not.toContain('immutable');
  });

  it('deletes the public copies only when sharing stops', async () => {
    await withdrawCopies('a');
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual(['files/images/a.png', 'files/thumbs/a.webp']);
  });
});

describe('moving visitors’ pictures to the private prefix', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    ddb.reset();
    s3.reset();
    stored.clear();
    ddb.on(ScanCommand).resolves({ Items: [{ id: 'a' }, { id: 'b', sharedAt: '2026-01-01T00:00:00.000Z' }] });
    // A small bucket: HeadObject answers what copies and deletes left.
    s3.on(HeadObjectCommand).callsFake(({ Key }: { Key: string }) => {
      if (!stored.has(Key)) throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
      return { CacheControl: stored.get(Key) };
    });
    s3.on(CopyObjectCommand).callsFake(({ Key, CacheControl }: { Key: string; CacheControl: string }) => {
      stored.set(Key, CacheControl);
      return {};
    });
    s3.on(DeleteObjectCommand).callsFake(({ Key }: { Key: string }) => {
      stored.delete(Key);
      return {};
    });
    for (const id of ['a', 'b']) {
      stored.set(`files/images/${id}.png`, 'public, max-age=31536000, immutable');
      stored.set(`files/thumbs/${id}.webp`, 'public, max-age=31536000, immutable');
    }
  });

  it('moves an unshared one, keeps a short-cached copy of a shared one, and changes nothing the second time', async () => {
    expect(await movePrivateImages()).toBe(2);
    expect([...stored.keys()].sort()).toEqual([
      'files/images/b.png',
      'files/thumbs/b.webp',
      'private/images/a.png',
      'private/images/b.png',
      'private/thumbs/a.webp',
      'private/thumbs/b.webp',
    ]);
    expect(stored.get('files/images/b.png')).toBe(SHARED_COPY_CACHE);
    const writes = s3.commandCalls(CopyObjectCommand).length + s3.commandCalls(DeleteObjectCommand).length;
    expect(await movePrivateImages()).toBe(0);
    expect(s3.commandCalls(CopyObjectCommand).length + s3.commandCalls(DeleteObjectCommand).length).toBe(writes);
  });

  it('scans visitors’ image records only', async () => {
    await movePrivateImages();
    expect(ddb.commandCalls(ScanCommand)[0]?.args[0].input).toMatchObject({
      FilterExpression: 'sk = :img AND #owner = :user',
      ExpressionAttributeValues: { ':img': 'img', ':user': 'user' },
    });
  });
});

describe("the moderation queue's thumbnails", () => {
  beforeEach(() => ddb.reset());

  it("shows a reported visitor's picture by its private thumbnail, an operator's by its stored url", async () => {
    const report = (imageId: string, owner: string) => ({
      pk: `msg#${imageId}`,
      id: imageId,
      type: 'image_report',
      createdAt: '2026-11-26T00:00:00.000Z',
      fields: { imageId, owner, thumbnailUrl: `/files/thumbs/${imageId}.webp` },
    });
    ddb.on(QueryCommand).resolves({ Items: [report('v', 'user'), report('o', 'admin')] });
    const { items } = await inboxPage('image_report', 'all', 10);
    expect(items.map((i) => i.fields.thumbnailUrl)).toEqual([
      expect.stringMatching(/\/private\/thumbs\/v\.webp\?.*X-Amz-Signature=/),
      '/files/thumbs/o.webp',
    ]);
  });
});

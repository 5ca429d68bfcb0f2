import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../lambdas/services/image-store';
import { movePrivateImages } from '../../../lambdas/services/private-images';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/names';
import { SHARED_COPY_MAX_AGE_SECONDS } from '../../../shared/constants';
import { type GalleryImage, galleryImageListSchema } from '../../../shared/schemas/gallery';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * A visitor's picture is private (docs/privacy.md): stored under private/, which no /files url
 * reaches; its author's gallery answers presigned urls; 'Share' puts a public copy at the record's
 * urls and 'Stop sharing' deletes it. Through the local server and the IAM-checking gateway.
 */
let app: TestApp;
let s3: S3Client;
const bucket = () => app.env.IMAGES_BUCKET ?? '';
const author = randomUUID();

beforeAll(async () => {
  app = await startTestApp();
  s3 = new S3Client({ region: LOCAL_REGION, endpoint: app.env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
});
afterAll(async () => {
  s3.destroy();
  await app?.stop();
});

const stored = async (key: string) =>
  Buffer.from(
    await ((await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: key }))).Body?.transformToByteArray() ?? new Uint8Array()),
  );
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const share = (id: string, shared: boolean) =>
  app.api(`/api/images/${id}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: author, shared }),
  });
async function ownGallery(): Promise<GalleryImage[]> {
  const res = await app.api(`/api/gallery/list?userId=${author}&take=100`);
  expect(res.status).toBe(200);
  return galleryImageListSchema.parse(await res.json());
}
async function ownView(id: string): Promise<GalleryImage> {
  const image = (await ownGallery()).find((i) => i.id === id);
  if (!image) throw new Error(`${id} is not in its author's gallery`);
  return image;
}

describe("a visitor's picture", () => {
  it('is reachable at no public /files url, and its author’s gallery urls load its bytes', async () => {
    const { id, url, thumbnailUrl } = await storeImage(await newImage({ owner: { kind: 'user', userId: author } }));
    for (const path of [url, thumbnailUrl, `/files/private/images/${id}.png`, `/files/%2e%2e/private/images/${id}.png`]) {
      expect((await app.api(path)).status, path).toBeGreaterThanOrEqual(400);
    }

    const own = await ownView(id);
    expect(own.url).toMatch(/X-Amz-Signature=/);
    const [original, thumbnail] = await Promise.all([fetch(own.url), fetch(own.thumbnailUrl)]);
    expect([original.status, thumbnail.status]).toEqual([200, 200]);
    expect(await bytesOf(original)).toEqual(await stored(`private/images/${id}.png`));
    expect(await bytesOf(thumbnail)).toEqual(await stored(`private/thumbs/${id}.webp`));
    // The same url on the next read (the browser's cache keeps working).
    expect((await ownView(id)).url).toBe(own.url);
  });

  it('is public while shared, and 404 at the same url once sharing stops; its author still sees it', async () => {
    const { id, url, thumbnailUrl } = await storeImage(await newImage({ owner: { kind: 'user', userId: author } }));
    expect((await share(id, true)).status).toBe(200);
    const pub = await app.api(url);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toBe(`public, max-age=${SHARED_COPY_MAX_AGE_SECONDS}`);
    expect(await bytesOf(pub)).toEqual(await stored(`private/images/${id}.png`));
    expect((await app.api(thumbnailUrl)).status).toBe(200);

    expect((await share(id, false)).status).toBe(200);
    expect((await app.api(url)).status).toBe(404);
    expect((await app.api(thumbnailUrl)).status).toBe(404);
    const own = await ownView(id);
    expect((await fetch(own.url)).status).toBe(200);
    expect((await fetch(own.thumbnailUrl)).status).toBe(200);
  });

  it('is downloaded by its author through its gallery url, and by no one else while not shared', async () => {
    const { id, url } = await storeImage(await newImage({ owner: { kind: 'user', userId: author } }));
    const own = await ownView(id);
    const mine = await app.api(`/api/download?path=${encodeURIComponent(own.url)}&userId=${author}`, { redirect: 'manual' });
    expect(mine.status).toBe(302);
    expect((await fetch(mine.headers.get('location') ?? '')).status).toBe(200);
    expect((await app.api(`/api/download?path=${encodeURIComponent(url)}`, { redirect: 'manual' })).status).toBe(404);
  });

  it('stored public by an older version is moved to the private prefix, once', async () => {
    const { id, url } = await storeImage(await newImage({ owner: { kind: 'user', userId: author } }));
    // The old layout: the objects at the public keys, immutable, nothing under private/.
    for (const [from, to, type] of [
      [`private/images/${id}.png`, `files/images/${id}.png`, 'image/png'],
      [`private/thumbs/${id}.webp`, `files/thumbs/${id}.webp`, 'image/webp'],
    ] as const) {
      // The test's own set-up (the old layout written as an older version wrote it). What is tested is
      // movePrivateImages below, whose two parallel moves once met s3rver's folder clean-up (local/s3rver-process.ts).
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: from }));
      const body = Buffer.from(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket(),
          Key: to,
          Body: body,
          ContentType: type,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      await s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: from }));
    }
    expect((await app.api(url)).status).toBe(200);

    expect(await movePrivateImages()).toBeGreaterThanOrEqual(1);
    expect((await app.api(url)).status).toBe(404);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: `private/images/${id}.png` }));
    expect(head.ContentType).toBe('image/png');
    expect((await fetch((await ownView(id)).url)).status).toBe(200);
    expect(await movePrivateImages()).toBe(0);
  });
});

import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCategoryMeta, getFeaturedCount, getImage, getSlots } from '../../../lambdas/adapters/images-table';
import { deleteImage, storeImage } from '../../../lambdas/services/image-store';
import { readXmp, TRAINED_ALGORITHMIC_MEDIA } from '../../../lambdas/services/provenance';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/names';
import { newImage, tinyPng } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

let app: TestApp;
let s3: S3Client;
const bucket = () => app.env.IMAGES_BUCKET ?? '';

beforeAll(async () => {
  app = await startTestApp();
  s3 = new S3Client({ region: LOCAL_REGION, endpoint: app.env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
});
afterAll(async () => {
  s3.destroy();
  await app.stop();
});

async function featuredIds(): Promise<string[]> {
  const n = await getFeaturedCount(true);
  const slots = await getSlots([...Array(n).keys()]);
  return slots.map((s) => s.id);
}

describe('image store', () => {
  it('writes the original, WebP thumbnails at most 512 px wide (and 256, 384), and the record with relative urls', async () => {
    // Prepare
    const png = await tinyPng(1024, 768);
    // An operator's picture: public where it is stored (a visitor's: private-images.test.ts).
    const input = await newImage({ png, width: 1024, height: 768 });
    // Act
    const image = await storeImage(input);
    // Assess
    expect(image).toMatchObject({ id: input.id, url: `/files/images/${input.id}.png`, thumbnailUrl: `/files/thumbs/${input.id}.webp` });
    const thumb = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: `files/thumbs/${input.id}.webp` }));
    const meta = await sharp(Buffer.from(await (thumb.Body?.transformToByteArray() ?? new Uint8Array()))).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    // The smaller widths for srcset, served from the files host like the thumbnail (issue 25).
    expect(image.thumbnails).toEqual([256, 384].map((width) => ({ url: `/files/thumbs/${width}/${input.id}.webp`, width })));
    for (const sized of image.thumbnails ?? []) {
      const res = await app.api(sized.url);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(sized.width);
    }
    const original = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: `files/images/${input.id}.png` }));
    expect(original.CacheControl).toContain('immutable');
    const served = await app.api(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    // The served original carries its provenance, and its pixels are the generated ones.
    const bytes = Buffer.from(await served.arrayBuffer());
    const xmp = readXmp(bytes);
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`);
    expect(xmp).toContain(`artloom:Seed="${input.seed}"`);
    expect(xmp).toContain(`artloom:ImageId="${input.id}"`);
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(bytes).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('is idempotent per id: the same id twice gives one record and the same answer', async () => {
    const input = await newImage({ category: 'Vintage' });
    const [a, b] = await Promise.all([storeImage(input), storeImage(input)]);
    const c = await storeImage({ ...input, prompt: 'something else entirely' });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect((await featuredIds()).filter((id) => id === input.id)).toHaveLength(1);
    expect((await getCategoryMeta('Vintage', true))?.count).toBe(1);
  });

  it('keeps the featured sequence dense under concurrent stores and deletes', async () => {
    const inputs = await Promise.all(Array.from({ length: 8 }, () => newImage({ category: 'Space' })));
    await Promise.all(inputs.map(storeImage));
    const before = await featuredIds();
    expect(new Set(before).size).toBe(before.length);
    for (const input of inputs) expect(before).toContain(input.id);
    await Promise.all([deleteImage(inputs[0]?.id ?? ''), deleteImage(inputs[3]?.id ?? ''), deleteImage(inputs[7]?.id ?? '')]);
    const after = await featuredIds();
    expect(after).toHaveLength(before.length - 3);
    expect(new Set(after).size).toBe(after.length);
    for (const gone of [0, 3, 7]) expect(after).not.toContain(inputs[gone]?.id);
    for (const id of after) expect((await getImage(id, true))?.featuredSeq).toBe(after.indexOf(id));
    expect((await getCategoryMeta('Space', true))?.count).toBe(5);
  });

  it('removes the objects on delete and treats an unknown id as a no-op', async () => {
    const input = await newImage({ owner: { kind: 'user', userId: 'u2' } });
    await storeImage(input);
    await deleteImage(input.id);
    await deleteImage(input.id);
    expect(await getImage(input.id, true)).toBeUndefined();
    expect((await app.api(`/files/images/${input.id}.png`)).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAd } from '../../../lambdas/services/ads';
import { deleteImage, storeImage } from '../../../lambdas/services/image-store';
import { localIssuer } from '../../../local/plugins/auth';
import { CATEGORIES } from '../../../shared/category-table';
import { PUBLIC_LIST_EDGE_SECONDS } from '../../../shared/constants';
import {
  COLLECTION_SAMPLES,
  collectionOverviewListSchema,
  galleryImageListSchema,
  galleryImageSchema,
} from '../../../shared/schemas/gallery';
import { newImage, tinyPng } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';
import { signInWithCode } from '../../support/oidc-flow';

let app: TestApp;
const users = { zero: randomUUID(), u24: randomUUID(), u25: randomUUID(), u26: randomUUID() };

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

beforeAll(async () => {
  app = await startTestApp({ plugins: ['auth'] });
  const visitorImages = [
    ...Array.from({ length: 24 }, () => users.u24),
    ...Array.from({ length: 25 }, () => users.u25),
    ...Array.from({ length: 26 }, () => users.u26),
  ];
  await inBatches(visitorImages, 6, async (userId) => storeImage(await newImage({ owner: { kind: 'user', userId } })));
});
afterAll(async () => app.stop());

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const res = await app.api(path);
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

describe('GET /api/gallery/list', () => {
  it.each([
    ['zero', 0, [0]],
    ['u24', 24, [24]],
    ['u25', 25, [25, 0]],
    ['u26', 26, [25, 1]],
  ] as const)('pages %s (%i images) 25 at a time, newest first, short page = end', async (user, total, pages) => {
    const seen: string[] = [];
    for (const [page, expected] of pages.entries()) {
      const { status, body } = await getJson(`/api/gallery/list?model=flux_schnell&userId=${users[user]}&skip=${page * 25}&take=25`);
      expect(status).toBe(200);
      const images = galleryImageListSchema.parse(body);
      expect(images).toHaveLength(expected);
      const stamps = images.map((i) => i.createdAt);
      expect(stamps).toEqual([...stamps].sort().reverse());
      seen.push(...images.map((i) => i.id));
    }
    expect(new Set(seen).size).toBe(total);
  });

  it('defaults take to 25 and honours a smaller take and skip', async () => {
    const all = galleryImageListSchema.parse((await getJson(`/api/gallery/list?userId=${users.u26}`)).body);
    expect(all).toHaveLength(25);
    const slice = galleryImageListSchema.parse((await getJson(`/api/gallery/list?userId=${users.u26}&skip=3&take=4`)).body);
    expect(slice.map((i) => i.id)).toEqual(all.slice(3, 7).map((i) => i.id));
  });

  it.each([
    ['no userId', ''],
    ['a userId that is not a UUID', 'userId=abc'],
    ['take=0', `userId=${users.u24}&take=0`],
    ['take above the cap', `userId=${users.u24}&take=101`],
    ['a negative skip', `userId=${users.u24}&skip=-1`],
    ['another model', `userId=${users.u24}&model=sdxl`],
  ])('answers 400 with field errors for %s', async (_name, query) => {
    const { status, body } = await getJson(`/api/gallery/list?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'validation_failed', fields: expect.any(Object) } });
  });
});

describe('featured and categories', () => {
  const featuredIds: string[] = [];
  beforeAll(async () => {
    // 30 operator images: 20 without a category, 10 in Nature — all featured.
    const inputs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => newImage({ category: i < 20 ? 'default' : 'Nature', prompt: `Featured picture number ${i}` })),
    );
    await inBatches(inputs, 3, async (input) => featuredIds.push((await storeImage(input)).id));
  });

  it('lists featured images newest first with skip/take', async () => {
    const first = galleryImageListSchema.parse((await getJson('/api/gallery/admin?model=flux_schnell&skip=0&take=25')).body);
    const second = galleryImageListSchema.parse((await getJson('/api/gallery/admin?model=flux_schnell&skip=25&take=25')).body);
    expect(first).toHaveLength(25);
    expect(second).toHaveLength(5);
    expect(new Set([...first, ...second].map((i) => i.id))).toEqual(new Set(featuredIds));
  });

  it('samples featured images uniformly without repeats, every member reachable', async () => {
    // 80 samples of 5 from 30: the chance that one image is never drawn is 30 x (25/30)^80 < 1e-4 (40 left ~0.2 %).
    const reached = new Set<string>();
    for (let call = 0; call < 80; call++) {
      const sample = galleryImageListSchema.parse((await getJson('/api/gallery/admin/random?model=flux_schnell&skip=0&take=5')).body);
      expect(sample).toHaveLength(5);
      expect(new Set(sample.map((i) => i.id)).size).toBe(5);
      for (const image of sample) reached.add(image.id);
    }
    expect(reached).toEqual(new Set(featuredIds));
    const whole = galleryImageListSchema.parse((await getJson('/api/gallery/admin/random?take=100')).body);
    expect(whole).toHaveLength(30);
    expect(new Set(whole.map((i) => i.id))).toEqual(new Set(featuredIds));
  });

  it('answers 204 for an empty category, then lastUpdated that moves on add and remove', async () => {
    const meta = '/api/gallery/category/metadata?model=flux_schnell&category=Fantasy&user=admin';
    expect((await app.api(meta)).status).toBe(204);
    const a = await storeImage(await newImage({ category: 'Fantasy' }));
    const first = await getJson(meta);
    expect(first.status).toBe(200);
    const t1 = (first.body as { lastUpdated: string }).lastUpdated;
    const b = await storeImage(await newImage({ category: 'Fantasy' }));
    const t2 = ((await getJson(meta)).body as { lastUpdated: string }).lastUpdated;
    expect(Date.parse(t2)).toBeGreaterThan(Date.parse(t1));
    await deleteImage(a.id);
    const t3 = ((await getJson(meta)).body as { lastUpdated: string }).lastUpdated;
    expect(Date.parse(t3)).toBeGreaterThan(Date.parse(t2));
    await deleteImage(b.id);
    expect((await app.api(meta)).status).toBe(204);
  });

  it('returns a category full list of compact records, only that category', async () => {
    const { status, body } = await getJson('/api/gallery/category/all?model=flux_schnell&category=Nature&user=admin');
    expect(status).toBe(200);
    const list = body as Record<string, unknown>[];
    expect(list).toHaveLength(10);
    for (const image of list) {
      // Every field of the API image; `renderer` only where the image records what drew it (these were imported),
      // `thumbnails` only where the picture is wider than the smallest thumbnail width, `imageCheck` only
      // on a picture the image check held back (its author's view).
      const optional = ['renderer', 'thumbnails', 'imageCheck'];
      const fields = Object.keys(galleryImageSchema.shape).filter((k) => !optional.includes(k) || k in image);
      expect(Object.keys(image).sort()).toEqual(fields.sort());
      expect(image.category).toBe('Nature');
    }
    expect((await getJson('/api/gallery/category/all?category=Space')).body).toEqual([]);
  });

  it('serves a category list under an ETag of its lastUpdated: 304 while it holds, the list again after a change', async () => {
    const path = '/api/gallery/category/all?category=Nature';
    const first = await app.api(path);
    expect(first.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${PUBLIC_LIST_EDGE_SECONDS}`);
    const meta = (await getJson('/api/gallery/category/metadata?category=Nature')).body as { lastUpdated: string };
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toBe(`"${meta.lastUpdated}/10"`);
    expect((await app.api(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await app.api(path, { headers: { 'if-none-match': '"2020-01-01T00:00:00.000Z/10"' } })).status).toBe(200);
  });

  it('answers every collection with its count, lastUpdated and newest two images (home covers), cacheable a minute at CloudFront', async () => {
    const res = await app.api('/api/gallery/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${PUBLIC_LIST_EDGE_SECONDS}`);
    // Revalidated with its ETag while nothing changed: 304, no body.
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await app.api('/api/gallery/categories', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const rows = collectionOverviewListSchema.parse(await res.json());
    expect(rows.map((r) => r.category)).toEqual(CATEGORIES.map((c) => c.apiValue));
    const nature = rows.find((r) => r.category === 'Nature');
    expect(nature?.count).toBe(10);
    expect(nature?.lastUpdated).toEqual(expect.any(String));
    const newestNature = galleryImageListSchema
      .parse((await getJson('/api/gallery/category/all?category=Nature')).body)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, COLLECTION_SAMPLES);
    expect(nature?.samples.map((i) => i.id)).toEqual(newestNature.map((i) => i.id));
    const space = rows.find((r) => r.category === 'Space');
    expect(space).toEqual({ category: 'Space', count: 0, samples: [] });
  });

  it.each(['category=Nope', 'category=nature', '', 'category=Nature&user=user', 'category=Nature&model=x'])(
    'answers 400 to category query %s',
    async (query) => {
      for (const route of ['metadata', 'all']) expect((await app.api(`/api/gallery/category/${route}?${query}`)).status).toBe(400);
    },
  );
});

describe('GET /api/download', () => {
  let image: { id: string; url: string };
  beforeAll(async () => {
    const png = await tinyPng(80, 60, 30);
    image = await storeImage(await newImage({ png, prompt: 'Café at dawn, "misty" & calm!', owner: { kind: 'user', userId: users.zero } }));
  });

  it('redirects to a presigned url that downloads the original with a proper filename', async () => {
    for (const path of [image.url, `${app.url}${image.url}`]) {
      // A visitor's picture that is not shared: its author's download (with their id).
      const res = await app.api(`/api/download?path=${encodeURIComponent(path)}&userId=${users.zero}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = res.headers.get('location') ?? '';
      expect(location).toContain('X-Amz-Expires=300');
      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="artloom-cafe-at-dawn-misty-calm-${image.id.replace(/-/g, '').slice(0, 8)}.png"`,
      );
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(80);
    }
  });

  it.each([
    ['another host', () => `https://evil.example.com${image.url}`, 400],
    ['a dot segment', () => `/files/images/../thumbs/${image.id}.webp`, 400],
    ['an encoded dot segment', () => `/files/images/%2e%2e/x.png`, 400],
    ['a thumbnail', () => `/files/thumbs/${image.id}.webp`, 400],
    ['a non-http scheme', () => `file:///etc/passwd`, 400],
    ['a protocol-relative url', () => `//evil.example.com${image.url}`, 400],
    ['a query string', () => `${app.url}${image.url}?x=1`, 400],
    ['an unknown id', () => `/files/images/${randomUUID()}.png`, 404],
    ['an empty path', () => '', 400],
  ])('refuses %s', async (_name, path, status) => {
    const res = await app.api(`/api/download?path=${encodeURIComponent(path())}`, { redirect: 'manual' });
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('ads', () => {
  it('answers [] and 204 with no ads, then every ad and one random ad', async () => {
    expect((await getJson('/api/ads/all')).body).toEqual([]);
    expect((await app.api('/api/ads/random')).status).toBe(204);
    const webp = await sharp(await tinyPng(60, 50))
      .webp()
      .toBuffer();
    await storeAd({ id: 'ad-1', webp, navigateUrl: 'https://example.com/a', alternateText: 'Shoes' });
    await storeAd({ id: 'ad-2', webp, navigateUrl: 'https://example.com/b' });
    const all = (await getJson('/api/ads/all')).body as { id: string; alternateText: string; imageUrl: string }[];
    expect(all.map((a) => a.id).sort()).toEqual(['ad-1', 'ad-2']);
    expect(all.find((a) => a.id === 'ad-2')?.alternateText).toBe('Sponsored Ad');
    expect((await app.api(all[0]?.imageUrl ?? '')).status).toBe(200);
    const one = (await getJson('/api/ads/random')).body as { id: string };
    expect(['ad-1', 'ad-2']).toContain(one.id);
  });
});

describe('POST /api/gallery/save (operator import)', () => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    body = {
      base64Image: `data:image/png;base64,${(await tinyPng(120, 90)).toString('base64')}`,
      prompt: 'An imported mountain lake',
      userId: 'whatever',
      user: 'admin',
      category: 'Mountains',
      steps: 4,
      modelName: 'flux_schnell',
      modelVersion: '1.0',
      aspectRatio: '4:3',
    };
  });
  const post = (payload: unknown, token?: string) =>
    app.api('/api/gallery/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
    });

  it('answers 401 without a token, even when the body says user: admin', async () => {
    const res = await post(body);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([
    ['an expired token', () => localIssuer().mint({ expiresIn: -60 }), 401],
    ['a token for another audience', () => localIssuer().mint({ audience: 'someone-else' }), 401],
    ['a token from another issuer', () => localIssuer().mint({ issuer: 'https://evil.example.com' }), 401],
    ['a valid non-operator token', () => localIssuer().mint({ groups: ['visitors'] }), 403],
    ['garbage', async () => 'abc.def.ghi', 401],
  ])('refuses %s', async (_name, token, status) => {
    expect((await post(body, await token())).status).toBe(status);
  });

  it('imports with an operator token from the local issuer into the category and the featured list', async () => {
    const { issuer, clientId, operator } = localIssuer();
    const login = await signInWithCode(app.url, { issuer, clientId, ...operator });
    if (login.status !== 'ok') throw new Error('operator sign-in refused');
    const res = await post(body, login.accessToken);
    expect(res.status).toBe(201);
    const saved = (await res.json()) as { id: string; fileName: string; url: string; thumbnail: string };
    expect(saved.url).toBe(`/files/images/${saved.id}.png`);
    expect(saved.thumbnail).toBe(`/files/thumbs/${saved.id}.webp`);
    const mountains = (await getJson('/api/gallery/category/all?category=Mountains')).body as { id: string; width: number }[];
    expect(mountains.map((i) => i.id)).toContain(saved.id);
    expect(mountains.find((i) => i.id === saved.id)?.width).toBe(120);
  });

  it('answers 400 to a bad body with a valid operator token', async () => {
    const token = await localIssuer().mint();
    expect((await post({ ...body, base64Image: 'data:image/png;base64,AAAA' }, token)).status).toBe(400);
    expect((await post({ ...body, category: 'Nope' }, token)).status).toBe(400);
    expect((await post('not an object', token)).status).toBe(400);
  });
});

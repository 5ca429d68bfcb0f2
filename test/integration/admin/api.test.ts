import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAttachment } from '../../../lambdas/adapters/attachment-bucket';
import { dynamo } from '../../../lambdas/adapters/aws-clients';
import { backfillConsoleIndex } from '../../../lambdas/adapters/image-transactions';
import { keys } from '../../../lambdas/adapters/images-table';
import { putMessage, putSubscriptionOnce } from '../../../lambdas/adapters/messages-table';
import { config } from '../../../lambdas/lib/config';
import { ROUTES } from '../../../lambdas/routes';
import { storeImage } from '../../../lambdas/services/image-store';
import { localIssuer } from '../../../local/plugins/auth';
import { generationRuntime } from '../../../local/plugins/generation';
import type { AdminAd, AdminImage, AuditEntry, InboxItem } from '../../../shared/schemas/admin';
import { newImage, tinyPng } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';
import { ended, newRequest, postGenerate, waitFor } from '../generation/support';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ plugins: ['auth', 'generation'], env: { PREVIEW_STEP_DELAY_MS: '5' } });
  token = await localIssuer().mint({ email: 'op@example.com' });
  // Curation is under test here, not the image check (test/integration/safety/image-check.test.ts): the model held a
  // preview drawing of "A nebula over a quiet moon" back at some seeds (Hentai 74%, a false positive; CI, 28 Nov), which
  // stores an operator picture hidden and out of every list. A worker whose check passes every picture, as here, keeps
  // this suite about curation; the model's false-positive rate is measured by `npm run bench -- image-check`.
  const rt = generationRuntime();
  await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
  rt.addWorker({
    imageCheck: { name: 'test check: every picture ok', check: async () => ({ verdict: 'ok', by: 'test check', reasons: [] }) },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const call = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
  app.api(path, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
const ids = (list: { id: string }[]) => list.map((i) => i.id);
const getList = async (path: string) => {
  const res = await app.api(path);
  return res.status === 204 ? [] : ((await res.json()) as { id: string }[]);
};

describe('every admin route: one operator check, before the input is read', () => {
  const adminRoutes = ROUTES.filter((r) => r.path.startsWith('/api/admin/'));
  const cases: [string, () => Promise<string | null>, number][] = [
    ['no token', async () => null, 401],
    ['an expired token', () => localIssuer().mint({ expiresIn: -60 }), 401],
    ['a token from another issuer', () => localIssuer().mint({ issuer: 'https://evil.example.com' }), 401],
    ['a token for another client', () => localIssuer().mint({ audience: 'another-client' }), 401],
    ['a valid token outside the operators group', () => localIssuer().mint({ groups: ['visitors'] }), 403],
    ['a token without groups', () => localIssuer().mint({ groups: [] }), 403],
    [
      'an unsigned token (alg none)',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', iss: localIssuer().issuer, client_id: localIssuer().clientId, token_use: 'access', 'cognito:groups': ['admins'], exp: Math.floor(Date.now() / 1000) + 600 })}.x`,
      401,
    ],
  ];
  it.each(['bearer', 'BEARER'])('accepts the scheme written %j (case-insensitive) and refuses Basic', async (scheme) => {
    const get = (authorization: string) => app.api('/api/admin/images', { headers: { authorization } });
    expect((await get(`${scheme} ${token}`)).status).toBe(200);
    expect((await get(`Basic ${token}`)).status).toBe(401);
  });

  it('covers every /api/admin route', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(13);
  });
  for (const route of adminRoutes) {
    const path = route.path.replace(/\{[^}]+\}/g, 'x1');
    it.each(cases)(`${route.method} ${route.path} with %s`, async (_name, mint, status) => {
      // A body that even claims to be an operator grants nothing.
      const body = route.method === 'POST' || route.method === 'PUT' ? { user: 'admin', role: 'admin' } : undefined;
      const res = await call(route.method, path, body, await mint());
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
    });
  }
});

describe('admin generator and curation', () => {
  let image: AdminImage;

  it('generates into Space: first in the featured gallery and in Space, lastUpdated moves', async () => {
    const before = await app.api('/api/gallery/category/metadata?category=Space');
    const res = await call('POST', '/api/admin/generate', {
      prompt: 'A nebula over a quiet moon',
      aspectRatio: '1:1',
      category: 'Space',
      requestId: `admin-${randomUUID()}`,
    });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const { last } = await waitFor(app, jobId, ended);
    expect(last.status).toBe('done');
    expect(ids(await getList('/api/gallery/admin'))[0]).toBe(jobId);
    expect(ids(await getList('/api/gallery/category/all?category=Space'))[0]).toBe(jobId);
    const meta = (await (await app.api('/api/gallery/category/metadata?category=Space')).json()) as { lastUpdated: string };
    // Fresh tables: Space held nothing before this picture (204), and now its lastUpdated is this picture's.
    expect(before.status).toBe(204);
    expect(Date.parse(meta.lastUpdated)).toBeGreaterThan(Date.now() - 60_000);
    const list = (await (await call('GET', '/api/admin/images')).json()) as AdminImage[];
    image = list.find((i) => i.id === jobId) as AdminImage;
    expect(image).toMatchObject({ owner: 'admin', hidden: false, featured: true, category: 'Space' });
  });

  it("hides a shared visitor's picture everywhere: its public copy goes, and comes back on unhide", async () => {
    const userId = randomUUID();
    const image = await storeImage(await newImage({ owner: { kind: 'user', userId } }));
    const share = (shared: boolean) =>
      app.api(`/api/images/${image.id}/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, shared }),
      });
    expect((await share(true)).status).toBe(200);
    expect((await app.api(image.url)).status).toBe(200);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { hidden: true })).status).toBe(200);
    expect((await app.api(image.url)).status).toBe(404);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { hidden: false })).status).toBe(200);
    expect((await app.api(image.url)).status).toBe(200);
  });

  it('hides an image from every public list and keeps it in the console; unhides it', async () => {
    const res = await call('PUT', `/api/admin/images/${image.id}`, { hidden: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminImage).hidden).toBe(true);
    expect(ids(await getList('/api/gallery/admin'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/category/all?category=Space'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/admin/random?take=100'))).not.toContain(image.id);
    // Its only picture hidden, Space answers as an empty category again.
    expect((await app.api('/api/gallery/category/metadata?category=Space')).status).toBe(204);
    const console = (await (await call('GET', '/api/admin/images')).json()) as AdminImage[];
    expect(console.find((i) => i.id === image.id)?.hidden).toBe(true);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { hidden: false })).status).toBe(200);
    expect(ids(await getList('/api/gallery/admin'))).toContain(image.id);
    expect(ids(await getList('/api/gallery/admin/random?take=100'))).toContain(image.id);
    expect((await app.api('/api/gallery/category/metadata?category=Space')).status).toBe(200);
  });

  it('unfeatures (stays in its category), features again, moves to another category', async () => {
    expect((await call('PUT', `/api/admin/images/${image.id}`, { featured: false })).status).toBe(200);
    expect(ids(await getList('/api/gallery/admin'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/admin/random?take=100'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/category/all?category=Space'))).toContain(image.id);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { featured: true })).status).toBe(200);
    expect(ids(await getList('/api/gallery/admin/random?take=100'))).toContain(image.id);
    const moved = await call('PUT', `/api/admin/images/${image.id}`, { category: 'Nature' });
    expect(((await moved.json()) as AdminImage).category).toBe('Nature');
    expect(ids(await getList('/api/gallery/category/all?category=Space'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/category/all?category=Nature'))).toContain(image.id);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { category: 'Nowhere' })).status).toBe(400);
    expect((await call('PUT', `/api/admin/images/${image.id}`, {})).status).toBe(400);
    expect((await call('PUT', '/api/admin/images/unknown-id', { hidden: true })).status).toBe(404);
  });

  it('deletes: record, original and thumbnail gone; audit lists every action with before/after', async () => {
    const original = await app.api(image.url);
    expect(original.status).toBe(200);
    expect((await call('DELETE', `/api/admin/images/${image.id}`)).status).toBe(204);
    expect(ids(await getList('/api/gallery/admin'))).not.toContain(image.id);
    expect(ids(await getList('/api/gallery/category/all?category=Nature'))).not.toContain(image.id);
    expect((await app.api(image.url)).status).toBe(404);
    expect((await app.api(image.thumbnailUrl)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/images/${image.id}`)).status).toBe(404);
    const audit = (await (await call('GET', '/api/admin/audit')).json()) as { items: AuditEntry[] };
    const mine = audit.items.filter((e) => e.target === `image:${image.id}`).map((e) => e.action);
    expect(mine).toEqual(['delete', 'move', 'feature', 'unfeature', 'unhide', 'hide', 'generate']);
    const hide = audit.items.find((e) => e.action === 'hide' && e.target === `image:${image.id}`);
    expect(hide).toMatchObject({ actor: 'op@example.com', before: { hidden: false }, after: { hidden: true } });
  });

  it("a visitor's request with user: 'admin' creates nothing featured", async () => {
    const featuredBefore = ids(await getList('/api/gallery/admin?take=100'));
    const req = newRequest({ user: 'admin', category: 'Space', owner: 'admin' });
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const { last } = await waitFor(app, { jobId, userId: req.userId }, ended);
    expect(last.image?.category).toBe('default');
    expect(ids(await getList('/api/gallery/admin?take=100'))).toEqual(featuredBefore);
    expect(ids(await getList('/api/gallery/category/all?category=Space'))).not.toContain(jobId);
    expect(ids(await getList(`/api/gallery/list?userId=${req.userId}`))).toContain(jobId);
    // A visitor's picture can be hidden (not featured, not moved): it leaves the visitor's own list too.
    expect((await call('PUT', `/api/admin/images/${jobId}`, { featured: true })).status).toBe(409);
    expect((await call('PUT', `/api/admin/images/${jobId}`, { hidden: true })).status).toBe(200);
    expect(ids(await getList(`/api/gallery/list?userId=${req.userId}`))).not.toContain(jobId);
    // Never shared: at no public url, hidden or not (services/private-images.ts).
    expect((await app.api(`/files/images/${jobId}.png`)).status).toBe(404);
    expect((await call('PUT', `/api/admin/images/${jobId}`, { hidden: false })).status).toBe(200);
    expect(ids(await getList(`/api/gallery/list?userId=${req.userId}`))).toContain(jobId);
  });
});

describe('ads', () => {
  let png: string;
  beforeAll(async () => {
    png = `data:image/png;base64,${(await tinyPng()).toString('base64')}`;
  });
  it('creates, disables (the public API drops it), edits, deletes', async () => {
    const res = await call('POST', '/api/admin/ads', { navigateUrl: 'https://example.com/shoes', alternateText: 'Shoes', image: png });
    expect(res.status).toBe(201);
    const ad = (await res.json()) as AdminAd;
    expect(ad).toMatchObject({ enabled: true, alternateText: 'Shoes' });
    expect(ids((await (await app.api('/api/ads/all')).json()) as { id: string }[])).toContain(ad.id);
    expect((await app.api(ad.imageUrl)).status).toBe(200);
    const off = (await (await call('PUT', `/api/admin/ads/${ad.id}`, { enabled: false })).json()) as AdminAd;
    expect(off.enabled).toBe(false);
    expect(ids((await (await app.api('/api/ads/all')).json()) as { id: string }[])).not.toContain(ad.id);
    expect(ids((await (await call('GET', '/api/admin/ads')).json()) as AdminAd[])).toContain(ad.id);
    const edited = (await (
      await call('PUT', `/api/admin/ads/${ad.id}`, { navigateUrl: 'https://example.org/x', image: png })
    ).json()) as AdminAd;
    expect(edited.navigateUrl).toBe('https://example.org/x');
    expect(edited.imageUrl).not.toBe(ad.imageUrl);
    expect((await app.api(ad.imageUrl)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/ads/${ad.id}`)).status).toBe(204);
    expect((await app.api(edited.imageUrl)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/ads/${ad.id}`)).status).toBe(404);
  });

  it('checks the banner by its bytes and the link by the url rule', async () => {
    const text = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    expect((await call('POST', '/api/admin/ads', { navigateUrl: 'https://example.com', image: text })).status).toBe(415);
    for (const navigateUrl of ['javascript:alert(1)', '/relative', 'ftp://x.com/a', ''])
      expect((await call('POST', '/api/admin/ads', { navigateUrl, image: png })).status).toBe(400);
    expect((await call('POST', '/api/admin/ads', 'nope')).status).toBe(400);
  });

  it('refuses a banner that decodes to too many pixels (a PNG header claiming 30000 × 30000 RGBA, 3.6 GB), 400', async () => {
    const res = await call('POST', '/api/admin/ads', {
      navigateUrl: 'https://example.com',
      image: `data:image/png;base64,${pngBomb().toString('base64')}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('banner_too_large');
  });

  it('publishes the pixels sharp re-encoded, not the uploaded bytes', async () => {
    const withTrailer = Buffer.concat([await tinyPng(), Buffer.from('<script>alert(1)</script>')]);
    const res = await call('POST', '/api/admin/ads', {
      navigateUrl: 'https://example.com',
      image: `data:image/png;base64,${withTrailer.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    const answer = await app.api(((await res.json()) as AdminAd).imageUrl);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    const served = Buffer.from(await answer.arrayBuffer());
    // Every banner is stored as WebP ('RIFF' … 'WEBP'), whatever was uploaded.
    expect([served.subarray(0, 4).toString('latin1'), served.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
    expect(served.includes('<script>')).toBe(false);
  });

  it('stores a large banner as a WebP within twice its slot (600 × 500), keeping its shape, and never enlarges one', async () => {
    const post = async (png: Buffer) => {
      const res = await call('POST', '/api/admin/ads', {
        navigateUrl: 'https://example.com',
        image: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(res.status).toBe(201);
      return sharp(Buffer.from(await (await app.api(((await res.json()) as AdminAd).imageUrl)).arrayBuffer())).metadata();
    };
    expect(await post(await tinyPng(1800, 1500))).toMatchObject({ format: 'webp', width: 600, height: 500 });
    expect(await post(await tinyPng(1456, 180))).toMatchObject({ format: 'webp', width: 600, height: 74 });
    expect(await post(await tinyPng(60, 50))).toMatchObject({ format: 'webp', width: 60, height: 50 });
  });
});

/** A PNG whose header claims 30000 × 30000 RGBA (3.6 GB decoded) with a token of compressed data. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(100_000))), chunk('IEND', Buffer.alloc(0))]);
}

describe('inbox', () => {
  it('lists a kind newest first, filters by state, marks handled, links attachments, exports the newsletter', async () => {
    const base = { sourceIp: '127.0.0.1', userAgent: 'test' };
    await putMessage({ id: 'c1', type: 'contact', createdAt: '2026-01-01T00:00:00.000Z', fields: { name: 'A', message: 'old' }, ...base });
    await putMessage({ id: 'c2', type: 'contact', createdAt: '2026-01-02T00:00:00.000Z', fields: { name: 'B', message: 'new' }, ...base });
    const shot = await tinyPng();
    await putAttachment('attachments/feedback/x/f1.png', shot, 'image/png');
    await putMessage({
      id: 'f1',
      type: 'feedback',
      createdAt: '2026-01-03T00:00:00.000Z',
      fields: { message: 'see picture' },
      attachment: { key: 'attachments/feedback/x/f1.png', contentType: 'image/png', size: 10, filename: 'shot.png' },
      ...base,
    });
    await putSubscriptionOnce('a@example.com', {
      id: 'n1',
      type: 'newsletter',
      createdAt: '2026-01-04T00:00:00.000Z',
      fields: { email: '=cmd@example.com' },
      ...base,
    });
    const page = (await (await call('GET', '/api/admin/inbox?kind=contact')).json()) as { items: InboxItem[] };
    expect(page.items.map((i) => i.id)).toEqual(['c2', 'c1']);
    const first = await call('GET', '/api/admin/inbox?kind=contact&take=1');
    const p1 = (await first.json()) as { items: InboxItem[]; cursor?: string };
    expect(p1.items.map((i) => i.id)).toEqual(['c2']);
    const p2 = (await (await call('GET', `/api/admin/inbox?kind=contact&take=1&cursor=${p1.cursor}`)).json()) as { items: InboxItem[] };
    expect(p2.items.map((i) => i.id)).toEqual(['c1']);
    expect((await call('POST', '/api/admin/inbox/handled', { ref: page.items[0]?.ref, handled: true })).status).toBe(204);
    const open = (await (await call('GET', '/api/admin/inbox?kind=contact&state=open')).json()) as { items: InboxItem[] };
    expect(open.items.map((i) => i.id)).toEqual(['c1']);
    const handled = (await (await call('GET', '/api/admin/inbox?kind=contact&state=handled')).json()) as { items: InboxItem[] };
    expect(handled.items.map((i) => i.id)).toEqual(['c2']);
    const feedback = (await (await call('GET', '/api/admin/inbox?kind=feedback')).json()) as { items: InboxItem[] };
    const ref = feedback.items[0]?.ref as string;
    const link = (await (await call('GET', `/api/admin/inbox/attachment?ref=${ref}`)).json()) as { url: string; expiresIn: number };
    expect(link.expiresIn).toBeLessThanOrEqual(300);
    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(shot)).toBe(true);
    const csv = await call('GET', '/api/admin/inbox/newsletter.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toBe('"email","createdAt"\r\n"\'=cmd@example.com","2026-01-04T00:00:00.000Z"\r\n');
    expect((await call('GET', '/api/admin/inbox?kind=nope')).status).toBe(400);
    expect((await call('GET', '/api/admin/inbox?kind=contact&cursor=%21%21')).status).toBe(400);
    expect((await call('GET', '/api/admin/inbox/attachment?ref=bm9wZQ')).status).toBe(404);
  });
});

describe('console index backfill (operator images from before the console)', () => {
  it('puts an old operator image on the console index once, and only once', async () => {
    const stored = await storeImage(await newImage({ category: 'Mountains' }));
    // An image written by the previous version had no gsi3 keys.
    await dynamo().send(
      new UpdateCommand({ TableName: config().IMAGES_TABLE, Key: keys.image(stored.id), UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }),
    );
    const listed = async () => ids((await (await call('GET', '/api/admin/images?take=100')).json()) as AdminImage[]);
    expect(await listed()).not.toContain(stored.id);
    expect(await backfillConsoleIndex()).toBeGreaterThanOrEqual(1);
    expect(await listed()).toContain(stored.id);
    expect(await backfillConsoleIndex()).toBe(0);
  });
});

describe("the operator's import (POST /api/gallery/save)", () => {
  it('is audited like every operator action', async () => {
    const base64Image = `data:image/png;base64,${(await tinyPng()).toString('base64')}`;
    const res = await call('POST', '/api/gallery/save', {
      base64Image,
      prompt: 'Imported harbour view',
      category: 'Seascape',
      aspectRatio: '4:3',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const audit = (await (await call('GET', '/api/admin/audit')).json()) as { items: AuditEntry[] };
    expect(audit.items.find((e) => e.target === `image:${id}`)).toMatchObject({
      action: 'import',
      actor: 'op@example.com',
      after: { category: 'Seascape' },
    });
  });
});

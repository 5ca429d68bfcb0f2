import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getImage } from '../../../lambdas/adapters/images-table';
import { listInbox } from '../../../lambdas/adapters/messages-table';
import { resetConfig } from '../../../lambdas/lib/config';
import { setImageState, storeImage } from '../../../lambdas/services/image-store';
import { moderateImage, moderationQueue } from '../../../lambdas/services/moderation';
import { IMAGE_REPORT_TYPE } from '../../../shared/safety';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * POST /api/reports from distinct networks. The local adapter takes the client IP from the socket,
 * so each network is a loopback source address (127.0.0.2, 127.0.0.3 …), as in AWS each is a viewer IP.
 */
function postReport(app: TestApp, body: unknown, fromIp = '127.0.0.1'): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL('/api/reports', app.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: fromIp,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const ids = (list: unknown) => (list as { id: string }[]).map((i) => i.id);

describe('reporting a picture', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });
    resetConfig();
  });
  afterAll(async () => app?.stop());

  it('stores a report in the inbox as image_report with the picture’s prompt and thumbnail; a repeat from the same network counts once', async () => {
    const image = await storeImage(await newImage({ owner: { kind: 'user', userId: randomUUID() }, prompt: 'A lighthouse in fog' }));
    const first = await postReport(app, { imageId: image.id, reason: 'spam', details: '  selling things  ' }, '127.0.0.11');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ received: true });
    const again = await postReport(app, { imageId: image.id, reason: 'other' }, '127.0.0.11');
    expect(again).toEqual({ status: 201, body: first.body });

    const inbox = (await listInbox(IMAGE_REPORT_TYPE, 'all', 100)).items.filter((m) => m.fields.imageId === image.id);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id: first.body.id,
      type: 'image_report',
      sourceIp: '127.0.0.11',
      fields: {
        imageId: image.id,
        reason: 'spam',
        details: 'selling things',
        prompt: 'A lighthouse in fog',
        thumbnailUrl: image.thumbnailUrl,
      },
    });
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 1 });
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
    expect(ids(await moderationQueue()).includes(image.id)).toBe(true);
  });

  it('hides a featured category picture from every public list at the third network, and keeps it', async () => {
    const picture = await storeImage(await newImage({ category: 'Space', prompt: 'A nebula' }));
    const other = await storeImage(await newImage({ category: 'Space', prompt: 'A comet' }));
    const lists = async () => ({
      featured: ids(await (await app.api('/api/gallery/admin?take=100')).json()),
      random: ids(await (await app.api('/api/gallery/admin/random?take=100')).json()),
      space: ids(await (await app.api('/api/gallery/category/all?category=Space')).json()),
    });
    for (const ip of ['127.0.0.21', '127.0.0.22']) {
      expect((await postReport(app, { imageId: picture.id, reason: 'violent' }, ip)).status).toBe(201);
    }
    const before = await lists();
    expect([before.featured, before.random, before.space].every((l) => l.includes(picture.id))).toBe(true);

    expect((await postReport(app, { imageId: picture.id, reason: 'sexual' }, '127.0.0.23')).status).toBe(201);
    const after = await lists();
    for (const list of [after.featured, after.random, after.space]) {
      expect(list).not.toContain(picture.id);
      expect(list).toContain(other.id);
    }
    const record = await getImage(picture.id, true);
    expect(record).toMatchObject({ hidden: true, hiddenBy: 'reports', reportCount: 3 });
    // Hidden as the console hides: out of the featured sequence and its category, still in the queue.
    expect(record?.featuredSeq).toBeUndefined();
    expect(ids(await moderationQueue())).toContain(picture.id);

    // The operator keeps it: back in every list, out of the queue, and only new networks count.
    expect(await moderateImage(picture.id, 'keep', 'ops')).toBe(true);
    const kept = await lists();
    expect([kept.featured, kept.random, kept.space].every((l) => l.includes(picture.id))).toBe(true);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 0, reviewedBy: 'ops' });
    expect(ids(await moderationQueue())).not.toContain(picture.id);
    expect((await postReport(app, { imageId: picture.id, reason: 'sexual' }, '127.0.0.23')).status).toBe(201);
    expect((await getImage(picture.id, true))?.reportCount).toBe(0);
  });

  it('keeps a reported picture in the moderation queue through the console’s changes', async () => {
    const picture = await storeImage(await newImage({ category: 'Space', prompt: 'A pulsar' }));
    expect((await postReport(app, { imageId: picture.id, reason: 'spam' }, '127.0.0.41')).status).toBe(201);
    await setImageState(picture.id, { featured: false }, 'ops');
    await setImageState(picture.id, { category: 'Animals' }, 'ops');
    expect(ids(await moderationQueue())).toContain(picture.id);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 1, unfeatured: true, category: 'Animals' });
  });

  it('hides a visitor’s picture from the visitor list too, page by page', async () => {
    const userId = randomUUID();
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(await storeImage(await newImage({ owner: { kind: 'user', userId } })));
    const reported = await storeImage(await newImage({ owner: { kind: 'user', userId } }));
    for (const ip of ['127.0.0.31', '127.0.0.32', '127.0.0.33']) await postReport(app, { imageId: reported.id, reason: 'hateful' }, ip);
    const page = (skip: number, take: number) =>
      app.api(`/api/gallery/list?userId=${userId}&skip=${skip}&take=${take}`).then((r) => r.json());
    expect(ids(await page(0, 10)).sort()).toEqual(kept.map((k) => k.id).sort());
    // skip counts visible pictures only: two pages of two hold the three kept ones.
    expect([...ids(await page(0, 2)), ...ids(await page(2, 2))].sort()).toEqual(kept.map((k) => k.id).sort());
  });

  it.each([
    ['an unknown picture', () => ({ imageId: randomUUID(), reason: 'spam' }), 404, 'image_not_found'],
    ['an unknown reason', () => ({ imageId: 'abc', reason: 'boring' }), 400, 'validation_failed'],
    ['a bad id', () => ({ imageId: '../etc', reason: 'spam' }), 400, 'validation_failed'],
    ['details over 1000 characters', () => ({ imageId: 'abc', reason: 'other', details: 'x'.repeat(1001) }), 400, 'validation_failed'],
  ])('refuses %s', async (_case, body, status, code) => {
    const res = await postReport(app, body(), '127.0.0.41');
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error: { code } });
  });

  it('stores nothing for a filled honeypot and answers the same way', async () => {
    const image = await storeImage(await newImage());
    const res = await postReport(app, { imageId: image.id, reason: 'spam', website: 'http://bot' }, '127.0.0.51');
    expect(res.status).toBe(201);
    expect(await getImage(image.id, true)).not.toHaveProperty('reportCount');
  });

  it('rate-limits reports per network like the other forms (5 a minute)', async () => {
    const image = await storeImage(await newImage());
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postReport(app, { imageId: image.id, reason: 'spam' }, '127.0.0.61')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

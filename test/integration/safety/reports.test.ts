import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport } from '../../../lambdas/adapters/image-reports';
import { getImage } from '../../../lambdas/adapters/images-table';
import { listInbox } from '../../../lambdas/adapters/messages-table';
import { resetConfig } from '../../../lambdas/lib/config';
import { patchImage } from '../../../lambdas/services/admin-images';
import { setImageState } from '../../../lambdas/services/image-state';
import { storeImage } from '../../../lambdas/services/image-store';
import { moderateImage, moderationQueue } from '../../../lambdas/services/moderation';
import { shareImage } from '../../../lambdas/services/share';
import { IMAGE_REPORT_TYPE } from '../../../shared/safety';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';
import { flagByImageCheck } from './image-check-flag';

/**
 * POST /api/reports from distinct networks. The local adapter takes the client IP from the socket,
 * so each network is a loopback /24 (net() below), as in AWS each is a viewer's network.
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

/**
 * A report counts once per network (IPv4 /24), so each simulated network is its own /24 of the
 * loopback range: net(21) is 127.<run>.21.1. The run's own second octet keeps one run's daily
 * budgets out of the next run's way while the local tables persist.
 */
const RUN = 1 + Math.floor(Math.random() * 250);
const net = (n: number, host = 1) => `127.${RUN}.${n}.${host}`;
/** A visitor's picture its author shared: public, so reportable. */
async function sharedPicture(userId = randomUUID()) {
  const image = await storeImage(await newImage({ owner: { kind: 'user', userId } }));
  await shareImage(image.id, userId, true);
  return image;
}

describe('reporting a picture', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_HIDE_THRESHOLD: '3', REPORT_HIDE_THRESHOLD_SEVERE: '2', REPORT_DAILY_BUDGET: '4' } });
    resetConfig();
  });
  afterAll(async () => app?.stop());

  it('stores a report in the inbox as image_report with the picture’s prompt and thumbnail; a repeat from the same network counts once', async () => {
    const image = await storeImage(await newImage({ prompt: 'A lighthouse in fog' }));
    const first = await postReport(app, { imageId: image.id, reason: 'spam', details: '  selling things  ' }, net(11));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ received: true });
    // Another address of the same /24 is the same network.
    const again = await postReport(app, { imageId: image.id, reason: 'other' }, net(11, 2));
    expect(again).toEqual({ status: 201, body: first.body });

    const inbox = (await listInbox(IMAGE_REPORT_TYPE, 'all', 100)).items.filter((m) => m.fields.imageId === image.id);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id: first.body.id,
      type: 'image_report',
      sourceIp: net(11),
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

  it('hides a featured category picture the image check flagged from every public list at the third network, and keeps it', async () => {
    const picture = await storeImage(await newImage({ category: 'Space', prompt: 'A nebula' }));
    // Reports alone never hide an operator picture: the image check must agree (report-abuse.test.ts).
    await flagByImageCheck(picture.id);
    const other = await storeImage(await newImage({ category: 'Space', prompt: 'A comet' }));
    const lists = async () => ({
      featured: ids(await (await app.api('/api/gallery/admin?take=100')).json()),
      random: ids(await (await app.api('/api/gallery/admin/random?take=100')).json()),
      space: ids(await (await app.api('/api/gallery/category/all?category=Space')).json()),
    });
    for (const ip of [net(21), net(22)]) {
      expect((await postReport(app, { imageId: picture.id, reason: 'violent' }, ip)).status).toBe(201);
    }
    const before = await lists();
    expect([before.featured, before.random, before.space].every((l) => l.includes(picture.id))).toBe(true);

    expect((await postReport(app, { imageId: picture.id, reason: 'sexual' }, net(23))).status).toBe(201);
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

    // The operator keeps it: back in every list, out of the queue; networks that reported count never
    // again, and new ones only queue it.
    expect(await moderateImage(picture.id, 'keep', 'ops')).toBe(true);
    const kept = await lists();
    expect([kept.featured, kept.random, kept.space].every((l) => l.includes(picture.id))).toBe(true);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 0, reviewedBy: 'ops' });
    expect(ids(await moderationQueue())).not.toContain(picture.id);
    expect((await postReport(app, { imageId: picture.id, reason: 'sexual' }, net(23))).status).toBe(201);
    expect((await getImage(picture.id, true))?.reportCount).toBe(0);
    for (const ip of [net(24), net(25), net(26)]) await postReport(app, { imageId: picture.id, reason: 'sexual' }, ip);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 3 });
    expect((await getImage(picture.id, true))?.hidden).toBeUndefined();
    expect(ids(await moderationQueue())).toContain(picture.id);
  });

  it('keeps a reported picture in the moderation queue through the console’s changes', async () => {
    const picture = await storeImage(await newImage({ category: 'Space', prompt: 'A pulsar' }));
    expect((await postReport(app, { imageId: picture.id, reason: 'spam' }, net(41))).status).toBe(201);
    await setImageState(picture.id, { featured: false }, 'ops');
    await setImageState(picture.id, { category: 'Animals' }, 'ops');
    expect(ids(await moderationQueue())).toContain(picture.id);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 1, unfeatured: true, category: 'Animals' });
  });

  it('keeps a visitor’s shared picture that reports hid in its author’s own list, page by page', async () => {
    const userId = randomUUID();
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(await storeImage(await newImage({ owner: { kind: 'user', userId } })));
    const reported = await sharedPicture(userId);
    for (const ip of [net(31), net(32), net(33)]) await postReport(app, { imageId: reported.id, reason: 'hateful' }, ip);
    expect(await getImage(reported.id, true)).toMatchObject({ hidden: true, hiddenBy: 'reports' });
    const page = (skip: number, take: number) =>
      app.api(`/api/gallery/list?userId=${userId}&skip=${skip}&take=${take}`).then((r) => r.json());
    const all = [...kept, reported].map((k) => k.id).sort();
    expect(ids(await page(0, 10)).sort()).toEqual(all);
    expect([...ids(await page(0, 2)), ...ids(await page(2, 2))].sort()).toEqual(all);
  });

  it('takes a shared picture’s public copy down when reports hide it, and puts it back when the operator keeps it', async () => {
    const reported = await sharedPicture();
    expect((await app.api(reported.url)).status).toBe(200);
    for (const ip of [net(34), net(35), net(36)]) await postReport(app, { imageId: reported.id, reason: 'hateful' }, ip);
    expect((await getImage(reported.id, true))?.hidden).toBe(true);
    expect((await app.api(reported.url)).status).toBe(404);
    expect((await app.api(reported.thumbnailUrl)).status).toBe(404);
    await moderateImage(reported.id, 'keep', 'ops');
    expect((await app.api(reported.url)).status).toBe(200);
  });

  it.each([
    ['an unknown picture', () => ({ imageId: randomUUID(), reason: 'spam' }), 404, 'image_not_found'],
    ['an unknown reason', () => ({ imageId: 'abc', reason: 'boring' }), 400, 'validation_failed'],
    ['a bad id', () => ({ imageId: '../etc', reason: 'spam' }), 400, 'validation_failed'],
    ['details over 1000 characters', () => ({ imageId: 'abc', reason: 'other', details: 'x'.repeat(1001) }), 400, 'validation_failed'],
  ])('refuses %s', async (_case, body, status, code) => {
    const res = await postReport(app, body(), net(42));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error: { code } });
  });

  it('stores nothing for a filled honeypot and answers the same way', async () => {
    const image = await storeImage(await newImage());
    const res = await postReport(app, { imageId: image.id, reason: 'spam', website: 'http://bot' }, net(51));
    expect(res.status).toBe(201);
    expect(await getImage(image.id, true)).not.toHaveProperty('reportCount');
  });

  it('refuses a private, never-shared picture as if it were unknown, and counts nothing', async () => {
    const userId = randomUUID();
    const image = await storeImage(await newImage({ owner: { kind: 'user', userId } }));
    const res = await postReport(app, { imageId: image.id, reason: 'spam' }, net(52));
    expect(res).toMatchObject({ status: 404, body: { error: { code: 'image_not_found' } } });
    expect(await getImage(image.id, true)).not.toHaveProperty('reportCount');
    expect(ids(await page(app, userId))).toContain(image.id);
  });

  it('cannot hide a featured picture from one machine with many addresses of one /24', async () => {
    const picture = await storeImage(await newImage({ prompt: 'A windmill' }));
    const statuses = [];
    for (let host = 1; host <= 12; host++) {
      statuses.push((await postReport(app, { imageId: picture.id, reason: 'minor' }, net(60, host))).status);
    }
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(statuses.slice(4).every((s) => s === 429)).toBe(true);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 1 });
    expect((await getImage(picture.id, true))?.hidden).toBeUndefined();
    expect(ids(await (await app.api('/api/gallery/admin?take=100')).json())).toContain(picture.id);
  });

  it('gives each network a daily budget of reports over all pictures (then 429); another network is unaffected', async () => {
    const pictures = [];
    for (let i = 0; i < 5; i++) pictures.push(await storeImage(await newImage()));
    const statuses = [];
    for (const p of pictures) statuses.push(await postReport(app, { imageId: p.id, reason: 'spam' }, net(61)));
    expect(statuses.map((s) => s.status)).toEqual([201, 201, 201, 201, 429]);
    expect(statuses[4]?.body).toMatchObject({ error: { message: expect.stringContaining('today') } });
    expect((await postReport(app, { imageId: pictures[4]?.id, reason: 'spam' }, net(62))).status).toBe(201);
  });

  it('hides a shared picture at two networks for a high-severity reason; after Keep in the console reports only queue it', async () => {
    const picture = await sharedPicture();
    await postReport(app, { imageId: picture.id, reason: 'minor' }, net(71));
    expect((await getImage(picture.id, true))?.hidden).toBeUndefined();
    await postReport(app, { imageId: picture.id, reason: 'minor' }, net(72));
    expect(await getImage(picture.id, true)).toMatchObject({ hidden: true, hiddenBy: 'reports', reportCount: 2 });
    expect(ids(await moderationQueue())).toContain(picture.id);

    expect(await patchImage('ops', picture.id, { keep: true })).toMatchObject({ hidden: false });
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 0, reviewedBy: 'ops' });
    for (const ip of [net(71), net(72, 9)]) await postReport(app, { imageId: picture.id, reason: 'minor' }, ip);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 0 });
    // After the operator's Keep, new networks only queue it: no automatic hiding again.
    for (const ip of [net(73), net(74), net(75)]) await postReport(app, { imageId: picture.id, reason: 'minor' }, ip);
    expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 3 });
    expect((await getImage(picture.id, true))?.hidden).toBeUndefined();
    expect(ids(await moderationQueue())).toContain(picture.id);
  });

  it('counts networks within one window: a report after the window starts the count again', async () => {
    const picture = await storeImage(await newImage());
    const hour = 3600_000;
    const at = (t: number) => new Date(t).toISOString();
    const t0 = Date.now();
    expect(await addReport(picture.id, at(t0), at(t0 - 72 * hour))).toMatchObject({ reportCount: 1 });
    expect(await addReport(picture.id, at(t0 + hour), at(t0 - 71 * hour))).toMatchObject({ reportCount: 2 });
    expect(await addReport(picture.id, at(t0 + 80 * hour), at(t0 + 8 * hour))).toMatchObject({ reportCount: 1 });
    expect(await addReport(randomUUID(), at(t0), at(t0 - hour))).toBeUndefined();
  });
});

const page = (app: TestApp, userId: string) => app.api(`/api/gallery/list?userId=${userId}&skip=0&take=50`).then((r) => r.json());

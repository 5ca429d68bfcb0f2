import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getImage } from '../../../lambdas/adapters/images-table';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { storeImage } from '../../../lambdas/services/image-store';
import { moderationQueue } from '../../../lambdas/services/moderation';
import { shareImage } from '../../../lambdas/services/share';
import { localIssuer } from '../../../local/plugins/auth';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';
import { flagByImageCheck } from './image-check-flag';

/**
 * The red team's report scenarios (issue 30 item 3), through the real API behind an edge: every
 * request carries the origin secret and a CloudFront-Viewer-Address, so a test picks any IPv4 or
 * IPv6 reporter. Each network below is its own /24 or /48, numbered per test.
 */
const SECRET = 'integration-origin-secret-reports-0123';
const RUN = 1 + Math.floor(Math.random() * 250);
/** An IPv4 reporter: its own /24 per `n`. */
const v4 = (n: number, host = 1) => `198.${RUN}.${n}.${host}`;
/** An IPv6 reporter: /48 `n`, /64 `sub` inside it. */
const v6 = (n: number, sub = 1, host = 1) => `2001:db8:${(RUN * 256 + n).toString(16)}:${sub.toString(16)}::${host.toString(16)}`;

let app: TestApp;
let token: string;
const log: string[] = [];

beforeAll(async () => {
  app = await startTestApp({
    plugins: ['auth'],
    env: {
      ORIGIN_SECRET: SECRET,
      REPORT_HIDE_THRESHOLD: '3',
      REPORT_HIDE_THRESHOLD_SEVERE: '2',
      REPORT_DAILY_BUDGET: '50',
      FORMS_RATE_LIMIT_PER_MINUTE: '0',
      FORMS_RATE_LIMIT_PER_HOUR: '0',
      NOTIFY_EMAIL: '',
    },
    log: (line) => log.push(line),
  });
  token = await localIssuer().mint({ email: 'op@example.com' });
}, 60_000);
afterAll(async () => {
  // Later files in this worker run without an edge.
  for (const key of ['ORIGIN_SECRET', 'FORMS_RATE_LIMIT_PER_MINUTE', 'FORMS_RATE_LIMIT_PER_HOUR']) delete process.env[key];
  await app?.stop();
});

const call = (method: string, path: string, options: { body?: unknown; ip?: string; admin?: boolean } = {}) =>
  app.api(path, {
    method,
    headers: {
      [ORIGIN_SECRET_HEADER]: SECRET,
      [VIEWER_ADDRESS_HEADER]: `${options.ip ?? v4(250)}:443`,
      ...(options.admin ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });

async function report(imageId: string, reason: string, ip: string, userId?: string): Promise<string> {
  const res = await call('POST', '/api/reports', { ip, body: { imageId, reason, ...(userId ? { userId } : {}) } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const ids = (list: unknown) => (list as { id: string }[]).map((i) => i.id);
const featured = async () => ids(await (await call('GET', '/api/gallery/admin?take=100')).json());
const queued = async () => ids(await moderationQueue(200));
/** The Moderation tab's reading: the open image_report messages of one picture, from the admin inbox API. */
async function openReports(imageId: string): Promise<{ ref: string }[]> {
  const found: { ref: string; fields: Record<string, unknown> }[] = [];
  let cursor = '';
  do {
    const res = await call('GET', `/api/admin/inbox?kind=image_report&state=open&take=100${cursor ? `&cursor=${cursor}` : ''}`, {
      admin: true,
    });
    const page = (await res.json()) as { items: { ref: string; fields: Record<string, unknown> }[]; cursor?: string };
    found.push(...page.items);
    cursor = page.cursor ?? '';
  } while (cursor);
  return found.filter((m) => m.fields.imageId === imageId);
}
const alerts = (imageId: string) =>
  log.filter((l) => l.includes('operator alert') && l.includes(`picture ${imageId} reported as involving a minor`));

async function sharedPicture(userId = randomUUID()) {
  const image = await storeImage(await newImage({ owner: { kind: 'user', userId } }));
  await shareImage(image.id, userId, true);
  return { image, userId };
}

describe('reports nobody can weaponise (issue 30)', () => {
  it('two `minor` reports from two networks leave featured pictures up, alert the operator at once and queue them', async () => {
    const pictures = [];
    for (let i = 0; i < 3; i++) pictures.push(await storeImage(await newImage({ category: 'Space', prompt: `A quiet nebula ${i}` })));
    for (const picture of pictures) {
      await report(picture.id, 'minor', v4(1));
      await report(picture.id, 'minor', v6(1));
    }
    const listed = await featured();
    const queue = await queued();
    for (const picture of pictures) {
      expect(listed).toContain(picture.id);
      expect(await getImage(picture.id, true)).toMatchObject({ reportCount: 2 });
      expect((await getImage(picture.id, true))?.hidden).toBeUndefined();
      expect(queue).toContain(picture.id);
      expect(alerts(picture.id)).toHaveLength(2);
    }
    expect(alerts(pictures[0]?.id ?? '')[0]).toContain('still public: reports alone do not hide an operator picture');
  });

  it('a `minor` report hides an operator picture the image check flagged, at once', async () => {
    const picture = await storeImage(await newImage({ prompt: 'A flagged harbour' }));
    await flagByImageCheck(picture.id);
    await report(picture.id, 'minor', v4(2));
    expect(await getImage(picture.id, true)).toMatchObject({ hidden: true, hiddenBy: 'reports', reportCount: 1 });
    expect(await featured()).not.toContain(picture.id);
    expect(alerts(picture.id)[0]).toContain('hidden (the image check flagged it)');
  });

  it('counts two reports from one /48 (two of its /64s) once; another /48 counts', async () => {
    const { image } = await sharedPicture();
    const first = await report(image.id, 'spam', v6(3, 1));
    expect(await report(image.id, 'spam', v6(3, 0xff00, 7))).toBe(first);
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 1 });
    await report(image.id, 'spam', v6(4));
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 2 });
  });

  it('counts one visitor id over IPv4 and IPv6 once, and the networks it was seen on stay that reporter', async () => {
    const { image } = await sharedPicture();
    const visitor = randomUUID();
    const first = await report(image.id, 'minor', v4(5), visitor);
    expect(await report(image.id, 'minor', v6(5), visitor)).toBe(first);
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 1 });
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
    // Another browser on the IPv6 network the visitor was seen on is still that reporter.
    expect(await report(image.id, 'minor', v6(5, 2), randomUUID())).toBe(first);
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 1 });
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
  });

  it('takes a visitor’s shared picture out of public view at the threshold; its author still sees it and cannot share it again', async () => {
    const { image, userId } = await sharedPicture();
    expect((await call('GET', image.url)).status).toBe(200);
    await report(image.id, 'minor', v4(6));
    await report(image.id, 'minor', v4(7));
    expect(await getImage(image.id, true)).toMatchObject({ hidden: true, hiddenBy: 'reports' });
    expect((await call('GET', image.url)).status).toBe(404);
    expect((await call('GET', `/i/${image.id}`)).status).toBe(404);
    const own = await (await call('GET', `/api/gallery/list?userId=${userId}&skip=0&take=50`)).json();
    expect(ids(own)).toContain(image.id);
    const again = await call('POST', `/api/images/${image.id}/share`, { body: { userId, shared: true } });
    expect(again.status).toBe(409);
    expect((await call('GET', image.url)).status).toBe(404);
  });

  it('after the Admin Gallery’s Unhide, more reports never hide the picture again but queue it', async () => {
    // A visitor's shared picture, hidden by reports, unhidden by the operator. (An operator picture is
    // hidden by reports only when the image check flagged it, and such a one is released by Keep alone:
    // the Admin Gallery answers 409 image_check_flagged to its Unhide, docs/safety.md section 4.)
    const { image } = await sharedPicture();
    await report(image.id, 'minor', v4(8));
    await report(image.id, 'minor', v4(9));
    expect((await getImage(image.id, true))?.hidden).toBe(true);
    expect((await call('PUT', `/api/admin/images/${image.id}`, { admin: true, body: { hidden: false } })).status).toBe(200);
    for (let n = 10; n < 14; n++) await report(image.id, 'minor', n % 2 ? v4(n) : v6(n));
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 4, reviewedBy: 'op@example.com' });
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
    expect(await queued()).toContain(image.id);
    // The two reports before Unhide and the four after wait in the Moderation tab.
    expect(await openReports(image.id)).toHaveLength(6);
  });

  it('after the Moderation tab’s Keep, more reports never hide a shared picture again but queue it', async () => {
    const { image } = await sharedPicture();
    await report(image.id, 'minor', v4(13));
    await report(image.id, 'minor', v4(14));
    expect((await getImage(image.id, true))?.hidden).toBe(true);
    // What the Moderation tab's Keep does: keep the picture, then mark its reports handled.
    expect((await call('PUT', `/api/admin/images/${image.id}`, { admin: true, body: { keep: true } })).status).toBe(200);
    for (const { ref } of await openReports(image.id)) {
      expect((await call('POST', '/api/admin/inbox/handled', { admin: true, body: { ref, handled: true } })).status).toBe(204);
    }
    expect(await openReports(image.id)).toHaveLength(0);
    expect((await call('GET', image.url)).status).toBe(200);
    for (let n = 15; n < 21; n++) await report(image.id, 'minor', n % 2 ? v4(n) : v6(n));
    expect(await getImage(image.id, true)).toMatchObject({ reportCount: 6 });
    expect((await getImage(image.id, true))?.hidden).toBeUndefined();
    expect((await call('GET', image.url)).status).toBe(200);
    expect(await queued()).toContain(image.id);
    expect(await openReports(image.id)).toHaveLength(6);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setImageState } from '../../../lambdas/services/image-state';
import { type JobStatusResponse, jobStatusResponseSchema } from '../../../shared/schemas/generation';
import { startTestApp, type TestApp } from '../../support/local-app';
import { ended, newRequest, postGenerate, waitFor } from '../generation/support';

/**
 * Privacy at every read (issue 30, docs/privacy.md "Who reads what"): a picture's id is public in
 * every share link, so each answer that can carry its urls is asked by a stranger who knows it — the
 * job's status, its event stream, the download, the picture page and its API, the lists and search —
 * for a visitor's picture never shared, after Stop sharing, and after the operator hid it. The
 * stranger gets no url of it (the status says done, without the picture); its author still gets it
 * through the studio's own id (`?userId=`), except while hidden, when nobody gets a url and the
 * author is told it is hidden. Through the local server, the deployed bundles and the IAM gateway.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '5', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' } });
  // One job first: the step functions start on first use, a wait no test should have to absorb.
  await finishedPicture();
}, 120_000);
afterAll(async () => app?.stop());

const stranger = randomUUID();
const SIGNED = /X-Amz-Signature|\/private\//;

/** A finished picture of a new visitor, its prompt unique (so search can be asked for it). */
async function finishedPicture(): Promise<{ id: string; author: string; word: string }> {
  const word = `zq${randomUUID().slice(0, 8)}`;
  const req = newRequest({ prompt: `A lighthouse at dusk ${word}` });
  const res = await postGenerate(app, req);
  expect(res.status, await res.clone().text()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  const { last } = await waitFor(app, { jobId, userId: req.userId }, ended, 45_000);
  expect(last.status).toBe('done');
  return { id: jobId, author: req.userId, word };
}

const share = (id: string, userId: string, shared: boolean) =>
  app.api(`/api/images/${id}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, shared }),
  });

/** GET /api/generate/{id}: the raw text (to look for any signed url) and the parsed status. */
async function status(id: string, userId?: string): Promise<{ text: string; body: JobStatusResponse }> {
  const res = await app.api(`/api/generate/${id}${userId ? `?userId=${userId}` : ''}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, body: jobStatusResponseSchema.parse(JSON.parse(text)) };
}

/** GET /api/generate/{id}/events read to its end: the raw text and the last status. */
async function events(id: string, userId?: string): Promise<{ text: string; last: JobStatusResponse }> {
  const res = await app.api(`/api/generate/${id}/events${userId ? `?userId=${userId}` : ''}`, { headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const data = [...text.matchAll(/^data: (.*)$/gm)].map((m) => m[1] ?? '');
  const last = data.at(-1);
  if (!last) throw new Error(`no status event in ${text}`);
  return { text, last: jobStatusResponseSchema.parse(JSON.parse(last)) };
}

const download = (path: string, userId?: string) =>
  app.api(`/api/download?path=${encodeURIComponent(path)}${userId ? `&userId=${userId}` : ''}`, { redirect: 'manual' });

/** Everything a stranger may read, for one picture: no answer carries a url of it. */
async function strangerReadsNothing(picture: { id: string; word: string }, leakedUrl?: string): Promise<void> {
  const { id, word } = picture;
  for (const reader of [undefined, stranger]) {
    const polled = await status(id, reader);
    expect(polled.body).toMatchObject({ jobId: id, status: 'done' });
    expect(polled.body.image, `status as ${reader ?? 'no id'}`).toBeUndefined();
    expect(polled.body.hidden).toBeUndefined();
    expect(polled.text).not.toMatch(SIGNED);
    const pushed = await events(id, reader);
    expect(pushed.last.status).toBe('done');
    expect(pushed.last.image, `events as ${reader ?? 'no id'}`).toBeUndefined();
    expect(pushed.text).not.toMatch(SIGNED);
    expect(pushed.text).not.toContain(`/files/images/${id}`);
  }
  // The download: by the public path, and by a presigned url of the original that leaked (the author's own).
  expect((await download(`/files/images/${id}.png`)).status).toBe(404);
  expect((await download(`/files/images/${id}.png`, stranger)).status).toBe(404);
  if (leakedUrl) expect((await download(leakedUrl, stranger)).status).toBe(404);
  // The picture page and its API, the public file.
  expect((await app.api(`/api/images/${id}`)).status).toBe(404);
  expect((await app.api(`/api/images/${id}?userId=${stranger}`)).status).toBe(404);
  expect((await app.api(`/i/${id}`)).status).toBe(404);
  expect((await app.api(`/files/images/${id}.png`)).status).toBe(404);
  // The lists and search.
  for (const path of [
    '/api/gallery/admin?take=100',
    '/api/gallery/admin/random?take=100',
    '/api/gallery/categories',
    `/api/gallery/search?q=${word}`,
    `/api/gallery/list?userId=${stranger}`,
  ]) {
    const res = await app.api(path);
    expect(res.status, path).toBe(200);
    expect(await res.text(), path).not.toContain(id);
  }
}

/** The author, through the studio's id: the picture with presigned urls that load. */
async function authorGetsIt(id: string, author: string): Promise<string> {
  const polled = await status(id, author);
  expect(polled.body.image?.id).toBe(id);
  expect(polled.body.image?.url).toMatch(/X-Amz-Signature=/);
  expect((await fetch(polled.body.image?.url ?? '')).status).toBe(200);
  const pushed = await events(id, author);
  expect(pushed.last.image?.url).toMatch(/X-Amz-Signature=/);
  const own = await download(polled.body.image?.url ?? '', author);
  expect(own.status).toBe(302);
  expect((await fetch(own.headers.get('location') ?? '')).status).toBe(200);
  const gallery = await app.api(`/api/gallery/list?userId=${author}&take=100`);
  expect(await gallery.text()).toContain(id);
  // The picture by its address (a viewer opened on `?picture=<id>` beyond the gallery's first page asks this).
  const single = await app.api(`/api/images/${id}?userId=${author}`);
  expect(single.status).toBe(200);
  const image = (await single.json()) as { id: string; url: string };
  expect(image.id).toBe(id);
  expect((await fetch(image.url)).status).toBe(200);
  return polled.body.image?.url ?? '';
}

describe('a stranger who knows a picture’s id', () => {
  it('gets no url of a picture never shared, from any read; its author gets it', async () => {
    const picture = await finishedPicture();
    const leaked = await authorGetsIt(picture.id, picture.author);
    await strangerReadsNothing(picture, leaked);
  });

  it('gets the public copy while it is shared, and no url of it after Stop sharing; its author still gets it', async () => {
    const picture = await finishedPicture();
    expect((await share(picture.id, picture.author, true)).status).toBe(200);
    // While shared: the public view, never the private objects' signed urls.
    const open = await status(picture.id, stranger);
    expect(open.body.image?.url).toBe(`/files/images/${picture.id}.png`);
    expect(open.text).not.toMatch(SIGNED);
    expect((await events(picture.id)).last.image?.url).toBe(`/files/images/${picture.id}.png`);
    expect((await download(`/files/images/${picture.id}.png`)).status).toBe(302);

    expect((await share(picture.id, picture.author, false)).status).toBe(200);
    const leaked = await authorGetsIt(picture.id, picture.author);
    await strangerReadsNothing(picture, leaked);
  });

  it('gets no url of a shared picture the operator hid; its author is told it is hidden and gets no url either', async () => {
    const picture = await finishedPicture();
    expect((await share(picture.id, picture.author, true)).status).toBe(200);
    const leaked = await authorGetsIt(picture.id, picture.author);
    // The console's Hide (and the report threshold's) is this one state change.
    await setImageState(picture.id, { hidden: true }, 'ops');

    await strangerReadsNothing(picture, leaked);
    const polled = await status(picture.id, picture.author);
    expect(polled.body).toMatchObject({ status: 'done', hidden: true });
    expect(polled.body.message).toMatch(/hidden/);
    expect(polled.body.image).toBeUndefined();
    expect(polled.text).not.toMatch(SIGNED);
    const pushed = await events(picture.id, picture.author);
    expect(pushed.last).toMatchObject({ status: 'done', hidden: true });
    expect(pushed.text).not.toMatch(SIGNED);
    const own = await download(leaked, picture.author);
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe('image_hidden');
    const single = await app.api(`/api/images/${picture.id}?userId=${picture.author}`);
    expect(single.status).toBe(403);
    expect(await single.text()).not.toMatch(SIGNED);

    // Unhidden, it is its author's again (and public again, as it is still shared).
    await setImageState(picture.id, { hidden: false, reviewed: true }, 'ops');
    await authorGetsIt(picture.id, picture.author);
    expect((await status(picture.id, stranger)).body.image?.url).toBe(`/files/images/${picture.id}.png`);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getImage } from '../../../lambdas/adapters/images-table';
import { localIssuer } from '../../../local/plugins/auth';
import { generationRuntime } from '../../../local/plugins/generation';
import { type ImageCheckResult, NSFW_MODEL_NAME } from '../../../shared/image-check';
import type { InboxItem } from '../../../shared/schemas/admin';
import { galleryImageListSchema } from '../../../shared/schemas/gallery';
import type { PictureCheck } from '../../../worker/picture-check';
import { startTestApp } from '../../support/local-app';
import { startedForFile } from '../../support/per-file';
import { ended, getStatus, newRequest, postGenerate, waitFor } from '../generation/support';

/**
 * The image check through the local flow (the worker in-process, the preview renderer, StoreImage from
 * the synthesized state machine, IAM simulated): the twin of test/unit/safety/image-check-store.test.ts
 * and image-check-refusals.test.ts. A flagged picture comes from a worker given a check that flags, through
 * its options (the port every worker has), not by reaching into the model.
 */
const app = startedForFile(
  () => startTestApp({ plugins: ['auth', 'generation'], env: { PREVIEW_STEP_DELAY_MS: '5', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' } }),
  (a) => a.stop(),
);
let token: string;
beforeAll(async () => {
  token = await localIssuer().mint({ email: 'op@example.com' });
});

const FLAGGED: ImageCheckResult = { verdict: 'flagged', by: 'test check', reasons: ['explicit content (Porn 91%, Hentai 2%, Sexy 4%)'] };
const flagging: PictureCheck = { name: 'test check', check: async () => FLAGGED };

async function useWorker(imageCheck?: PictureCheck): Promise<void> {
  const rt = generationRuntime();
  await Promise.all(rt.workers.splice(0).map((w) => w.stop()));
  rt.addWorker(imageCheck ? { imageCheck } : {});
}
afterEach(async () => useWorker());

async function generate(): Promise<{ jobId: string; userId: string }> {
  const body = newRequest();
  const res = await postGenerate(app, body);
  expect(res.status, await res.clone().text()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  expect((await waitFor(app, jobId, ended, 60_000)).last.status).toBe('done');
  return { jobId, userId: body.userId };
}

const admin = (method: string, path: string, body?: unknown) =>
  app.api(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
const share = (id: string, userId: string) =>
  app.api(`/api/images/${id}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, shared: true }),
  });

describe('the image check through the local flow', () => {
  it('ends every generation with the worker’s verdict on its image record (the real model: ok)', async () => {
    const { jobId, userId } = await generate();
    expect((await getImage(jobId, true))?.imageCheck).toEqual({ verdict: 'ok', by: NSFW_MODEL_NAME, reasons: [] });
    // As the studio asks: with its author's id (a stranger gets no picture: reader-privacy.test.ts).
    const status = await getStatus(app, { jobId, userId });
    expect(status.image?.imageCheck).toBeUndefined();
    expect(status.image?.url).not.toBe(status.image?.thumbnailUrl);
  });

  it('keeps a flagged picture: blurred for its author, refused for share and download, queued for the operator until Keep', async () => {
    await useWorker(flagging);
    const { jobId, userId } = await generate();
    expect((await getImage(jobId, true))?.imageCheck).toEqual(FLAGGED);

    // Its author: the verdict and the thumbnail alone, in the studio's status and in their gallery.
    const status = await getStatus(app, { jobId, userId });
    expect(status.image?.imageCheck).toEqual(FLAGGED);
    expect(status.image?.url).toBe(status.image?.thumbnailUrl);
    const mine = galleryImageListSchema.parse(await (await app.api(`/api/gallery/list?userId=${userId}`)).json());
    const tile = mine.find((i) => i.id === jobId);
    expect(tile?.imageCheck).toEqual(FLAGGED);
    expect(tile?.url).toBe(tile?.thumbnailUrl);

    const refused = await share(jobId, userId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('image_check_flagged');
    const download = await app.api(`/api/download?path=${encodeURIComponent(`/files/images/${jobId}.png`)}&userId=${userId}`, {
      redirect: 'manual',
    });
    expect(download.status).toBe(409);

    // The operator's Moderation tab reads the open image reports: the check's is there, with its reasons.
    const inbox = (await (await admin('GET', '/api/admin/inbox?kind=image_report&state=open')).json()) as { items: InboxItem[] };
    const item = inbox.items.find((i) => i.fields.imageId === jobId);
    expect(item?.fields).toMatchObject({ reason: 'image_check', owner: 'user', details: `test check: ${FLAGGED.reasons[0]}` });

    // Keep releases it: from then on its author may share it.
    expect((await admin('PUT', `/api/admin/images/${jobId}`, { keep: true })).status).toBe(200);
    expect((await getImage(jobId, true))?.imageCheck).toMatchObject({ verdict: 'ok', by: 'operator op@example.com' });
    expect((await share(jobId, userId)).status).toBe(200);
  });

  it('stores a flagged operator picture hidden: out of the featured list, and the console cannot feature it', async () => {
    await useWorker(flagging);
    const res = await admin('POST', '/api/admin/generate', {
      prompt: 'A lighthouse at dawn',
      aspectRatio: '4:3',
      category: 'Space',
      requestId: `req-${Date.now()}`,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    await waitFor(app, jobId, ended, 60_000);
    expect(await getImage(jobId, true)).toMatchObject({ hidden: true, hiddenBy: 'image-check', imageCheck: FLAGGED });
    const featured = (await (await app.api('/api/gallery/admin?take=100')).json()) as { id: string }[];
    expect(featured.map((i) => i.id)).not.toContain(jobId);
    const unhide = await admin('PUT', `/api/admin/images/${jobId}`, { hidden: false });
    expect(unhide.status).toBe(409);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getImage } from '../../../lambdas/adapters/images-table';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { pictureId } from '../../../lambdas/lib/picture-id';
import { generationRuntime } from '../../../local/plugins/generation';
import type { QuotaResponse } from '../../../shared/schemas/safety';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, getStatus, newRequest, postGenerate, waitFor } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * Variants (issue 32 item 1) through the local HTTP API, the flow, the worker and the preview renderer:
 * one job of several pictures, each its own gallery item, shown to its author as each is finished.
 */
describe('variants: one job, several pictures', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['generation'],
      // 4 steps of 150 ms a picture: the four of a job finish about 0.6 s apart, which the 50 ms polls see.
      env: { ...freshWindow().env, PREVIEW_STEP_DELAY_MS: '150', GEN_USER_HOURLY: '6', GEN_IP_HOURLY: '0' },
    });
  });
  afterAll(async () => app?.stop());

  const alice = randomUUID();
  const quota = async (userId: string) => (await (await app.api(`/api/generate/quota?userId=${userId}`)).json()) as QuotaResponse;

  it('count 4: four stored pictures with seeds s..s+3, shown one by one to their author only, four units spent', {
    timeout: 200_000,
  }, async () => {
    const seed = 4242;
    const req = newRequest({ userId: alice, count: 4, seed });
    const res = await postGenerate(app, req);
    expect(res.status, await res.clone().text()).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const author = { jobId, userId: alice };

    // Followed by the author and, beside, by a stranger who knows the id.
    const stranger = waitFor(app, jobId, ended, 150_000, 200);
    const { last, seen } = await waitFor(app, author, ended, 150_000);
    expect(last.status).toBe('done');
    expect(last.count).toBe(4);
    // Progressive: while the job ran, some answers held some pictures, not all of them.
    const partial = seen.filter((s) => s.status !== 'done' && s.images.length >= 1 && s.images.length < 4);
    expect(partial.length).toBeGreaterThan(0);
    const early = partial[0]?.images[0];
    expect(early?.id).toBe(jobId);
    expect(early?.seed).toBe(seed);
    // A finished picture's url answers before the job is done (the staged picture, presigned for its author).
    expect(seen.every((s) => s.images.length <= 4 && s.images.every((img, i) => i === 0 || img.seed > (s.images[i - 1]?.seed ?? 0)))).toBe(
      true,
    );

    const ids = [0, 1, 2, 3].map((i) => pictureId(jobId, i));
    expect(last.images.map((i) => i.id)).toEqual(ids);
    expect(last.images.map((i) => i.seed)).toEqual([seed, seed + 1, seed + 2, seed + 3]);
    expect(last.image?.id).toBe(jobId);
    for (const image of last.images) expect((await fetch(image.url)).status).toBe(200);
    // Each its own gallery item, with its own seed.
    const records = await Promise.all(ids.map((id) => getImage(id, true)));
    expect(records.map((r) => r?.seed)).toEqual([seed, seed + 1, seed + 2, seed + 3]);
    expect(records.every((r) => r?.userId === alice && r.owner === 'user')).toBe(true);
    const list = JSON.stringify(await (await app.api(`/api/gallery/list?userId=${alice}`)).json());
    for (const id of ids) expect(list).toContain(id);

    // The stranger saw none of the unshared job's pictures, at any point.
    const strangers = await stranger;
    expect(strangers.last.status).toBe('done');
    expect(strangers.seen.every((s) => s.images.length === 0 && s.image === undefined)).toBe(true);

    // One unit a picture: 4 of 6 spent.
    expect((await quota(alice)).remaining).toBe(2);
  });

  it('count 4 with 2 left: 429 saying how many are left, nothing charged', async () => {
    const res = await postGenerate(app, newRequest({ userId: alice, count: 4 }));
    expect(res.status).toBe(429);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toBe('You can make 2 more pictures this hour; ask for 2 or fewer.');
    expect((await quota(alice)).remaining).toBe(2);
  });

  it('count 5 (or 0, or 2.5): 400 naming count', async () => {
    for (const count of [5, 0, 2.5]) {
      const res = await postGenerate(app, newRequest({ count }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields?.count).toBeTruthy();
    }
  });

  it('a cancel mid-job stops every picture (the queued ones deleted), uploads nothing more and gives back the unmade ones', {
    timeout: 200_000,
  }, async () => {
    const rt = generationRuntime();
    const bob = randomUUID();
    const res = await postGenerate(app, newRequest({ userId: bob, count: 4 }));
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    // The first picture is shown: then the visitor cancels.
    await waitFor(app, { jobId, userId: bob }, (s) => s.images.length >= 1 || ended(s), 120_000);
    const cancel = await app.api(`/api/generate/${jobId}?userId=${bob}`, { method: 'DELETE' });
    expect(cancel.status).toBe(202);
    const made = (await getJob(jobId))?.pictures?.length ?? 0;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThan(4);
    const { last } = await waitFor(app, { jobId, userId: bob }, ended, 60_000);
    expect(last.status).toBe('cancelled');
    expect(last.images).toEqual([]);
    // ComfyUI is left with nothing of the job: nothing running, nothing pending.
    await vi.waitFor(
      async () => {
        const queue = (await (await fetch(`${rt.comfyUrl}/queue`)).json()) as { queue_running: unknown[]; queue_pending: unknown[] };
        expect(queue).toEqual({ queue_running: [], queue_pending: [] });
      },
      { timeout: 30_000, interval: 100 },
    );
    // Nothing more was made or recorded after the cancel, and the pictures not made are given back.
    await new Promise((r) => setTimeout(r, 800));
    expect((await getJob(jobId))?.pictures?.length ?? 0).toBe(made);
    expect((await quota(bob)).remaining).toBe(6 - made);
    // No picture of a cancelled job is stored.
    expect(await getImage(pictureId(jobId, 0), true)).toBeUndefined();
    expect((await getStatus(app, { jobId, userId: bob })).images).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getImage } from '../../../lambdas/adapters/images-table';
import { getJob } from '../../../lambdas/adapters/jobs-table';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, newRequest, postGenerate, waitFor } from './support';

type ErrorBody = { error: { code: string; message: string } };

/** The GPU bill's guards through the local HTTP API, and what a finished job stores. */
describe('generation limits and the stored record', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['generation'],
      // The file's jobs all count in one hour (and its warm calls in one minute) of the functions' clock.
      env: { ...freshWindow().env, PREVIEW_STEP_DELAY_MS: '20', GEN_USER_HOURLY: '2', GEN_IP_HOURLY: '3', GEN_WARM_PER_MINUTE: '2' },
    });
  });
  afterAll(async () => app?.stop());

  const alice = randomUUID();
  const bob = randomUUID();

  async function generate(userId: string, aspectRatio = '4:3') {
    const res = await postGenerate(app, newRequest({ userId, aspectRatio }));
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const { last } = await waitFor(app, { jobId, userId }, ended);
    expect(last.status).toBe('done');
    return { jobId, last };
  }

  it('stores the image record (model, version, steps, owner, category, seed, size) and a WebP thumbnail ≤ 512 px wide', async () => {
    const { jobId, last } = await generate(alice, '2.35:1');
    const record = await getImage(jobId, true);
    const job = await getJob(jobId);
    expect(record).toMatchObject({
      id: jobId,
      prompt: 'A colorful sunset over the ocean',
      aspectRatio: '2.35:1',
      width: 1920,
      height: 816,
      modelName: 'flux_schnell',
      modelVersion: '1.0',
      steps: 4,
      owner: 'user',
      userId: alice,
      category: 'default',
    });
    expect(Number.isSafeInteger(record?.seed)).toBe(true);
    expect(record?.seed).toBe(job?.seed);
    expect(last.image?.seed).toBe(record?.seed);

    // A visitor's picture: its urls in the job's answer are presigned (the record's name the public keys of a shared copy).
    const original = Buffer.from(await (await fetch(last.image?.url ?? '')).arrayBuffer());
    expect(await sharp(original).metadata()).toMatchObject({ format: 'png', width: 1920, height: 816 });
    const thumb = await fetch(last.image?.thumbnailUrl ?? '');
    expect(thumb.headers.get('content-type')).toContain('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(Math.round((816 * 512) / 1920));
  });

  it('429 with Retry-After once the visitor’s hourly cap (GEN_USER_HOURLY=2) is used', { timeout: 120_000 }, async () => {
    await generate(alice);
    const res = await postGenerate(app, newRequest({ userId: alice }));
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/this hour/);
  });

  it('429 with Retry-After once the network’s hourly cap (GEN_IP_HOURLY=3) is used, whoever asks', { timeout: 120_000 }, async () => {
    await generate(bob); // the third job from 127.0.0.1 this hour
    const res = await postGenerate(app, newRequest({ userId: bob }));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/network/);
  });

  it('POST /api/generate/warm: 202 warm while the worker is up, rate limited per minute', async () => {
    const userId = randomUUID();
    const warm = () =>
      app.api('/api/generate/warm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
    const first = await warm();
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ state: 'warm' });
    expect((await warm()).status).toBe(202);
    const third = await warm();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const bad = await app.api('/api/generate/warm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userId":"x"}',
    });
    expect(bad.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHMIC_MEDIA, readXmp } from '../../../lambdas/services/provenance';
import { startTestApp, type TestApp } from '../../support/local-app';
import { ended, getStatus, newRequest, postGenerate, waitFor } from './support';

describe('generation flow (local HTTP API → state machine → worker → preview renderer)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '60' } });
  });
  afterAll(async () => app?.stop());

  it('turns a prompt into an image in the visitor list, with thumbnail and record', async () => {
    const req = newRequest({ aspectRatio: '16:9' });
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };

    const { last, seen } = await waitFor(app, { jobId, userId: req.userId }, ended);
    expect(last.status).toBe('done');
    expect(last.percent).toBe(100);
    expect(seen.some((s) => s.status === 'generating' && s.percent > 0 && s.percent < 100)).toBe(true);
    const image = last.image;
    expect(image).toMatchObject({
      id: jobId,
      prompt: req.prompt,
      aspectRatio: '16:9',
      width: 1280,
      height: 720,
      modelName: 'flux_schnell',
      category: 'default',
    });
    expect(image?.seed).toBeGreaterThanOrEqual(0);

    // A visitor's picture: presigned urls of its private objects.
    const original = await fetch(image?.url ?? '');
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toContain('image/png');
    const thumb = await fetch(image?.thumbnailUrl ?? '');
    expect(thumb.status).toBe(200);

    const list = await app.api(`/api/gallery/list?userId=${req.userId}`);
    if (list.status === 200) {
      const body = JSON.stringify(await list.json());
      expect(body).toContain(jobId);
    }
  });

  it('names the preview renderer, not FLUX, on the picture page, in og:description and in the XMP', async () => {
    // Prepare: a finished picture, shared so its page answers.
    const req = newRequest();
    const { jobId } = (await (await postGenerate(app, req)).json()) as { jobId: string };
    const { last } = await waitFor(app, { jobId, userId: req.userId }, ended);
    expect(last.image?.renderer).toBe('preview');
    const shared = await app.api(`/api/images/${jobId}/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: req.userId, shared: true }),
    });
    expect(shared.status).toBe(200);

    // Act: what a link preview and a download read.
    const html = await (await app.api(`/i/${jobId}`)).text();
    const png = Buffer.from(await (await fetch(last.image?.url ?? '')).arrayBuffer());
    const xmp = readXmp(png) ?? '';

    // Assess
    expect(html).toMatch(/<meta property="og:description" content="A picture drawn by the Artloom preview renderer \(no GPU, no AI\)/);
    expect(html).not.toMatch(/<meta [^>]*content="An AI picture made with FLUX/);
    expect(xmp).toContain('artloom:Model="Artloom preview renderer (no GPU, no AI)"');
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${ALGORITHMIC_MEDIA}"`);
    expect(xmp).not.toContain('flux');
  });

  it('starts one job for the same requestId twice', async () => {
    const req = newRequest();
    const a = (await (await postGenerate(app, req)).json()) as { jobId: string };
    const second = await postGenerate(app, req);
    expect(second.status).toBe(202);
    expect(((await second.json()) as { jobId: string }).jobId).toBe(a.jobId);
    await waitFor(app, a.jobId, ended);
  });

  it('refuses a second job while the first is in flight (409 job_in_flight)', async () => {
    const req = newRequest();
    const first = (await (await postGenerate(app, req)).json()) as { jobId: string };
    const res = await postGenerate(app, { ...req, requestId: `other-${Date.now()}` });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('job_in_flight');
    const { last } = await waitFor(app, first.jobId, ended);
    expect(last.status).toBe('done');
    const again = await postGenerate(app, { ...req, requestId: `third-${Date.now()}` });
    expect(again.status).toBe(202);
    await waitFor(app, ((await again.json()) as { jobId: string }).jobId, ended);
  });

  it('answers 400 with the prompt rule message, 404 for an unknown job', async () => {
    const bad = await postGenerate(app, newRequest({ prompt: 'xx' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('meaningful prompt');
    const ratio = await postGenerate(app, newRequest({ aspectRatio: '5:4' }));
    expect(ratio.status).toBe(400);
    const user = await postGenerate(app, newRequest({ userId: 'not-a-uuid' }));
    expect(user.status).toBe(400);
    const missing = await app.api('/api/generate/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    await expect(getStatus(app, 'nope')).rejects.toThrow(/status 400/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/local-app';
import { ended, newRequest, postGenerate, waitFor } from './support';

/** 'Make it in another shape': the same prompt and seed in another ratio, through the real flow and worker. */
describe('remix with a seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '10', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' } });
  });
  afterAll(async () => app?.stop());

  it('renders with the seed it was given and stores it with the picture', async () => {
    const seed = 987_654_321;
    const req = newRequest({ aspectRatio: '16:9', seed });
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const { last } = await waitFor(app, { jobId, userId: req.userId }, ended, 30_000);
    expect(last.status).toBe('done');
    expect(last.image?.seed).toBe(seed);
    expect(last.image?.aspectRatio).toBe('16:9');
  });

  it('refuses a seed that is not a whole number from 0 to 2^53 − 1 with 400 and the field', async () => {
    for (const seed of [-1, 1.5, 'x', 2 ** 53]) {
      const res = await postGenerate(app, newRequest({ seed }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(body.error.fields).toHaveProperty('seed');
    }
  });
});

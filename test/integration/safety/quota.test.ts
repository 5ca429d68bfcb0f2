import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaResponseSchema } from '../../../shared/schemas/safety';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, newRequest, postGenerate, waitFor } from '../generation/support';

/** The studio's meter (GET /api/generate/quota) against the caps POST /api/generate enforces. */
// The file's jobs all count in one hour of the functions' clock, early in it.
const hour = freshWindow();

describe('visible generation quota', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['generation'],
      env: { ...hour.env, PREVIEW_STEP_DELAY_MS: '20', GEN_USER_HOURLY: '3', GEN_IP_HOURLY: '4' },
    });
  });
  afterAll(async () => app?.stop());

  const alice = randomUUID();
  const bob = randomUUID();

  async function quota(userId: string) {
    const res = await app.api(`/api/generate/quota?userId=${userId}`);
    expect(res.status).toBe(200);
    return quotaResponseSchema.parse(await res.json());
  }

  async function generate(userId: string): Promise<Response> {
    const res = await postGenerate(app, newRequest({ userId }));
    if (res.status === 202) await waitFor(app, ((await res.clone().json()) as { jobId: string }).jobId, ended);
    return res;
  }

  it('starts full, drops by one after each of 3 generations, and reads 0 when the server answers 429', { timeout: 120_000 }, async () => {
    const start = await quota(alice);
    expect(start).toMatchObject({ scope: 'visitor', limit: 3, remaining: 3, enforced: true });
    for (const left of [2, 1, 0]) {
      expect((await generate(alice)).status).toBe(202);
      expect(await quota(alice)).toMatchObject({ scope: 'visitor', limit: 3, remaining: left });
    }
    const refused = await generate(alice);
    expect(refused.status).toBe(429);
    const after = await quota(alice);
    expect(after.remaining).toBe(0);
    // 'when the next one frees up' is the moment the server's Retry-After points at.
    const retryAt = Date.now() + Number(refused.headers.get('retry-after')) * 1000;
    expect(Math.abs(Date.parse(after.resetsAt) - retryAt)).toBeLessThan(2000);
  });

  it('shows the network’s cap when it binds first, and 0 when the network’s 429 comes', { timeout: 120_000 }, async () => {
    expect(await quota(bob)).toMatchObject({ scope: 'network', limit: 4, remaining: 1 });
    expect((await generate(bob)).status).toBe(202);
    expect(await quota(bob)).toMatchObject({ scope: 'network', limit: 4, remaining: 0 });
    const refused = await generate(bob);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/network/);
    expect(await quota(bob)).toMatchObject({ remaining: 0 });
  });

  it('refuses a userId that is not a UUID', async () => {
    const res = await app.api('/api/generate/quota?userId=nope');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

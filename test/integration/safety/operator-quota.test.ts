import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIssuer } from '../../../local/plugins/auth';
import { quotaResponseSchema } from '../../../shared/schemas/safety';
import { startTestApp, type TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, newRequest, postGenerate, waitFor } from '../generation/support';

/**
 * The operator's generator (POST /api/admin/generate) is charged to no hourly cap (issue 32): not to the operator,
 * and not to the network the operator works from, which that office's visitors share. Every request here comes from
 * the same address, as an office's would.
 */
const hour = freshWindow();

describe("the operator's generator and the visitors' quota", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({
      plugins: ['auth', 'generation'],
      env: { ...hour.env, PREVIEW_STEP_DELAY_MS: '5', GEN_USER_HOURLY: '10', GEN_IP_HOURLY: '3' },
    });
    token = await localIssuer().mint({ email: 'op@example.com' });
  }, 60_000);
  afterAll(async () => app?.stop());

  const visitor = randomUUID();
  async function quota(userId: string) {
    const res = await app.api(`/api/generate/quota?userId=${userId}`);
    expect(res.status).toBe(200);
    return quotaResponseSchema.parse(await res.json());
  }
  async function operatorGenerates(): Promise<void> {
    const res = await app.api('/api/admin/generate', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'A lantern on a snowy step',
        aspectRatio: '1:1',
        category: 'Space',
        requestId: `admin-${randomUUID()}`,
      }),
    });
    expect(res.status).toBe(202);
    const { last } = await waitFor(app, ((await res.json()) as { jobId: string }).jobId, ended);
    expect(last.status).toBe('done');
  }

  it('leaves the network’s and the visitor’s counts where they were, however many pictures the operator makes', {
    timeout: 120_000,
  }, async () => {
    // The network's cap (3) binds before the visitor's own (10): the meter shows the network's.
    expect(await quota(visitor)).toMatchObject({ scope: 'network', limit: 3, remaining: 3 });
    // More pictures than the network's whole cap.
    for (let i = 0; i < 4; i++) await operatorGenerates();
    expect(await quota(visitor)).toMatchObject({ scope: 'network', limit: 3, remaining: 3 });

    // A visitor's own picture still counts, once, against both.
    const res = await postGenerate(app, newRequest({ userId: visitor }));
    expect(res.status).toBe(202);
    await waitFor(app, ((await res.json()) as { jobId: string }).jobId, ended);
    expect(await quota(visitor)).toMatchObject({ scope: 'network', limit: 3, remaining: 2 });
    expect(await quota(randomUUID())).toMatchObject({ scope: 'network', remaining: 2 });
  });
});

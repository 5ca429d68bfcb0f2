import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { localIssuer } from '../../../local/plugins/auth';
import type { AlarmStatus } from '../../../shared/alarms';
import { startTestApp, type TestApp } from '../../support/local-app';
import { newRequest, postGenerate } from '../generation/support';

/**
 * GET /api/admin/alarms against the local runtime's CloudWatch stand-in (local/cloudwatch-stand-in.ts),
 * through the gateway (the admin function's role checked: IAM_CHECK=1). The twin of test/unit/admin/alarms.test.ts.
 * The functions print their metrics here (POWERTOOLS_METRICS_DISABLED=false), so the product's alarms are evaluated.
 */
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({
    plugins: ['auth', 'generation'],
    env: { POWERTOOLS_METRICS_DISABLED: 'false', PREVIEW_STEP_DELAY_MS: '20', SCREENING_TERMS_CACHE_SECONDS: '0' },
  });
  resetConfig();
  resetPromptScreening();
  token = await localIssuer().mint({ email: 'op@example.com' });
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

async function alarms(): Promise<AlarmStatus[]> {
  const res = await app.api('/api/admin/alarms', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as AlarmStatus[];
}
const find = (list: AlarmStatus[], name: string) => list.find((a) => a.name === name);

describe('the console’s alarms, locally', () => {
  it('lists the template’s alarms: the product’s own evaluated on the functions’ metrics, AWS’s honestly without data', async () => {
    const list = await alarms();
    expect(list.length).toBeGreaterThanOrEqual(10);
    const guardrail = find(list, 'prompt-guardrail-unavailable');
    expect(guardrail).toMatchObject({ state: 'OK', doc: 'docs/operations.md#prompt-guardrail-unavailable' });
    expect(guardrail?.reason).toMatch(/^Evaluated locally/);
    const api = find(list, 'api-5xx');
    expect(api).toMatchObject({ state: 'INSUFFICIENT_DATA', doc: 'docs/operations.md#api-5xx' });
    expect(api?.reason).toMatch(/^Not evaluated locally: AWS\/ApiGateway metrics exist only in AWS/);
    expect(list.some((a) => a.state === 'OK' && !/^Evaluated locally/.test(a.reason))).toBe(false);
    expect((await app.api('/api/admin/alarms')).status).toBe(401);
  });

  it('fires prompt-guardrail-unavailable once a prompt was refused because the guardrail did not answer, and lists it first', async () => {
    app.guardrail.answerWith({ status: 429, errorType: 'ThrottlingException', body: { message: 'Too many requests' } });
    const res = await postGenerate(app, newRequest());
    expect(res.status).toBe(503);
    app.guardrail.reset();
    await expect.poll(async () => (await alarms())[0]?.name).toBe('prompt-guardrail-unavailable');
    const [first] = await alarms();
    expect(first?.state).toBe('ALARM');
    expect(first?.reason).toMatch(/GuardrailUnavailable \[1\]/);
    expect(Date.parse(first?.since ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

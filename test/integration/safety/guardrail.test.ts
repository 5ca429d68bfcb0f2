import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFunctionId } from '../../../infra/lib/lambda-functions';
import { readCount } from '../../../lambdas/adapters/counters-table';
import { getRequestJobId } from '../../../lambdas/adapters/jobs-table';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { windowOf } from '../../../lambdas/services/rate-limit';
import { MINORS_TOPIC, PROMPT_REFUSED, PROMPT_REFUSED_PREFIX, SCREENING_LAYERS } from '../../../shared/safety';
import { startTestApp, type TestApp } from '../../support/local-app';
import { newRequest, postGenerate } from '../generation/support';

/**
 * The meaning layer through the local HTTP API, as deployed: the generate function takes the
 * guardrail's id and version from the synthesized template and calls ApplyGuardrail through the
 * local gateway (its role checked: IAM_CHECK=1), which forwards to the app's Bedrock stand-in.
 * The twin of the Bedrock part of test/unit/safety/aws-screens.test.ts.
 */
type ErrorBody = { error: { code: string; message: string } };
type Layer = { name: string; runs: boolean; detail: string };

describe('the Bedrock guardrail layer (local stand-in behind the gateway)', () => {
  let app: TestApp;
  let guardrailId: string;
  beforeAll(async () => {
    app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '20', SCREENING_TERMS_CACHE_SECONDS: '0' } });
    resetConfig();
    resetPromptScreening();
    guardrailId = app.deployment.functions.get(apiFunctionId('generate'))?.model.environment.BEDROCK_GUARDRAIL_ID ?? '';
  });
  afterAll(async () => app?.stop());
  beforeEach(() => {
    app.guardrail.reset();
    app.guardrail.calls.length = 0;
  });

  const hourStart = () => windowOf({ windowSeconds: 3600 }).windowStart;
  async function nothingSpent(body: { userId: string; requestId: string }): Promise<void> {
    expect(await getRequestJobId(body.userId, body.requestId)).toBeUndefined();
    expect(await readCount(`rl#gen-user#${body.userId}`, hourStart())).toBe(0);
  }

  it('names each layer in /api/health, the text classifier as not a guardrail, the guardrail as a local stand-in that is not a classifier', async () => {
    const { safety } = (await (await app.api('/api/health')).json()) as { safety: { layers: Layer[]; imageCheck: string } };
    expect(safety.layers.map(({ name, runs }) => ({ name, runs }))).toEqual([
      { name: 'words', runs: true },
      { name: 'model', runs: true },
      { name: 'guardrail', runs: true },
      { name: 'image check', runs: true },
    ]);
    expect(safety.layers.find((l) => l.name === 'model')?.detail).toContain('not a guardrail');
    const guardrail = safety.layers.find((l) => l.name === 'guardrail');
    expect(guardrail?.detail).toContain('local stand-in');
    expect(guardrail?.detail).toContain('not a classifier');
    expect(guardrail?.detail).toContain(guardrailId);
    expect(safety.imageCheck).toMatch(/^nsfwjs MobileNetV2/);
  });

  it('applies the template’s guardrail to an accepted prompt (INPUT, version 1), allowed by the function’s role', async () => {
    expect(guardrailId).toMatch(/^[a-z0-9]+$/);
    const body = newRequest({ prompt: 'a lighthouse at dawn, oil painting' });
    expect((await postGenerate(app, body)).status).toBe(202);
    expect(app.guardrail.calls).toEqual([{ guardrailId, version: '1', source: 'INPUT', texts: ['a lighthouse at dawn, oil painting'] }]);
    expect(app.deployment.gateway.stats.denied).toEqual([]);
  });

  it('is not called for a prompt the word screen refuses', async () => {
    const res = await postGenerate(app, newRequest({ prompt: 'a porn star on a beach' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toContain(`found by ${SCREENING_LAYERS.words}`);
    expect(app.guardrail.calls).toEqual([]);
  });

  it('refuses what the guardrail intervenes on: 422 naming the meaning check and the policy, never the prompt; nothing spent', async () => {
    app.guardrail.answerWith({
      status: 200,
      body: {
        action: 'GUARDRAIL_INTERVENED',
        outputs: [{ text: 'blocked' }],
        assessments: [
          {
            topicPolicy: { topics: [{ name: MINORS_TOPIC, type: 'DENY', action: 'BLOCKED', detected: true }] },
            contentPolicy: { filters: [{ type: 'SEXUAL', confidence: 'HIGH', filterStrength: 'HIGH', action: 'BLOCKED', detected: true }] },
          },
        ],
      },
    });
    const body = newRequest({ prompt: 'a pupil from year six posing on a bed' });
    const res = await postGenerate(app, body);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe(PROMPT_REFUSED);
    expect(error.message).toBe(
      `${PROMPT_REFUSED_PREFIX} sexual content, the topic “${MINORS_TOPIC}” — found by ${SCREENING_LAYERS.guardrail}. Please rephrase it.`,
    );
    expect(error.message).not.toContain('pupil');
    await nothingSpent(body);
  });

  it.each([
    ['answers an error (throttled)', { status: 429, errorType: 'ThrottlingException', body: { message: 'Too many requests' } }],
    ['drops the connection', { hangUp: true as const }],
    ['stays silent until the function’s request timeout', { silent: true as const }],
  ])('answers 503 with Retry-After and writes nothing when the guardrail %s', async (_case, answer) => {
    app.guardrail.answerWith(answer);
    const body = newRequest();
    const res = await postGenerate(app, body);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as ErrorBody).error.code).toBe('screening_unavailable');
    expect(app.guardrail.calls).toHaveLength(1);
    await nothingSpent(body);
  });
});

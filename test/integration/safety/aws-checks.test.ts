import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCount } from '../../../lambdas/adapters/counters-table';
import { getRequestJobId } from '../../../lambdas/adapters/jobs-table';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { windowOf } from '../../../lambdas/services/rate-limit';
import { type BedrockStandIn, startBedrockStandIn } from '../../support/bedrock-stand-in';
import { startTestApp, type TestApp } from '../../support/local-app';
import { newRequest, postGenerate } from '../generation/support';

/**
 * The optional AWS checks over the real local DynamoDB and s3rver; the twin of
 * test/unit/safety/aws-screens.test.ts. The deployed generate function calls a Bedrock stand-in behind
 * the local gateway. (Rekognition now runs in the GPU worker: test/unit/worker/image-check.test.ts.)
 */
const SAFETY_ENV = {
  BEDROCK_GUARDRAIL_ID: 'abc123def456',
  BEDROCK_GUARDRAIL_VERSION: '1',
  IMAGE_MODERATION: 'rekognition',
  IMAGE_MODERATION_MIN_CONFIDENCE: '70',
  SCREENING_TERMS_CACHE_SECONDS: '0',
};
type ErrorBody = { error: { code: string; message: string } };

describe('Bedrock Guardrails and Rekognition, configured (local stores, AWS SDK mocked)', () => {
  let app: TestApp;
  let bedrock: BedrockStandIn;
  beforeAll(async () => {
    bedrock = await startBedrockStandIn();
    // This run's stack was synthesized without a guardrail (the context keys that add its grant are
    // unset), so its policies cannot allow ApplyGuardrail: the grant is test/unit/infra/safety-aws.test.ts's.
    app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '20', ...SAFETY_ENV }, checkPermissions: false });
    app.deployment.gateway.setTarget('bedrock', bedrock.url);
    resetConfig();
    resetPromptScreening();
  });
  afterAll(async () => {
    await app?.stop();
    await bedrock?.stop();
    for (const key of Object.keys(SAFETY_ENV)) delete process.env[key];
    resetConfig();
  });
  beforeEach(() => {
    bedrock.calls.length = 0;
  });

  const hourStart = () => windowOf({ windowSeconds: 3600 }).windowStart;
  async function nothingSpent(body: { userId: string; requestId: string }): Promise<void> {
    expect(await getRequestJobId(body.userId, body.requestId)).toBeUndefined();
    expect(await readCount(`rl#gen-user#${body.userId}`, hourStart())).toBe(0);
  }

  it('names both checks in /api/health', async () => {
    const body = (await (await app.api('/api/health')).json()) as { safety: Record<string, string> };
    expect(body.safety).toEqual({
      promptScreening: 'word lists + Bedrock Guardrails abc123def456',
      imageCheck: 'nsfwjs MobileNetV2 (tfjs-wasm) + Amazon Rekognition moderation labels ≥ 70%, in the GPU worker',
    });
  });

  it('refuses a prompt the guardrail intervenes on: 422 with the policy names, no job, no quota', async () => {
    bedrock.answerWith({
      status: 200,
      body: {
        action: 'GUARDRAIL_INTERVENED',
        outputs: [],
        assessments: [{ contentPolicy: { filters: [{ type: 'SEXUAL', confidence: 'HIGH', action: 'BLOCKED', detected: true }] } }],
      },
    });
    const body = newRequest({ prompt: 'a swimsuit model posing suggestively' });
    const res = await postGenerate(app, body);
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ code: 'prompt_refused' });
    expect(error.message).toContain('sexual content');
    expect(error.message).not.toContain('swimsuit');
    await nothingSpent(body);
  });

  it('answers 503 screening_unavailable and spends nothing when Bedrock fails', async () => {
    bedrock.answerWith({ status: 429, errorType: 'ThrottlingException', body: { message: 'throttled' } });
    const body = newRequest();
    const res = await postGenerate(app, body);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as ErrorBody).error.code).toBe('screening_unavailable');
    await nothingSpent(body);
  });

  it('accepts a prompt the guardrail lets through', async () => {
    bedrock.answerWith({ status: 200, body: { action: 'NONE', outputs: [], assessments: [] } });
    const body = newRequest();
    expect((await postGenerate(app, body)).status).toBe(202);
    expect(bedrock.calls).toEqual(['abc123def456']);
  });
});

import { randomUUID } from 'node:crypto';
import { DetectModerationLabelsCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../../lambdas/adapters/audit-log';
import { readCount } from '../../../lambdas/adapters/counters-table';
import { getImage } from '../../../lambdas/adapters/images-table';
import { putStaging } from '../../../lambdas/adapters/job-staging';
import { getRequestJobId } from '../../../lambdas/adapters/jobs-table';
import { resetConfig } from '../../../lambdas/lib/config';
import { setImageState } from '../../../lambdas/services/image-store';
import { storeJobImage } from '../../../lambdas/services/jobs';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { windowOf } from '../../../lambdas/services/rate-limit';
import { type BedrockStandIn, startBedrockStandIn } from '../../support/bedrock-stand-in';
import { startTestApp, type TestApp } from '../../support/local-app';
import { newRequest, postGenerate } from '../generation/support';

/**
 * The optional AWS checks over the real local DynamoDB and s3rver; the twin of
 * test/unit/safety/aws-screens.test.ts and image-check-store.test.ts. The deployed generate function
 * calls a Bedrock stand-in behind the local gateway; StoreImage's image check runs in this process
 * with Rekognition mocked at the SDK boundary (it has no stand-in).
 */
const rekognition = mockClient(RekognitionClient);
const SAFETY_ENV = {
  BEDROCK_GUARDRAIL_ID: 'abc123def456',
  BEDROCK_GUARDRAIL_VERSION: '1',
  IMAGE_MODERATION: 'rekognition',
  IMAGE_MODERATION_MIN_CONFIDENCE: '70',
  SCREENING_TERMS_CACHE_SECONDS: '0',
};
const ids = (list: unknown) => (list as { id: string }[]).map((i) => i.id);
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
    rekognition.reset();
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
      imageCheck: 'Amazon Rekognition moderation labels ≥ 70%',
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

  it('stores a flagged operator image hidden from every public list, audits why, and the console can unhide it', async () => {
    rekognition
      .on(DetectModerationLabelsCommand)
      .resolves({ ModerationLabels: [{ Name: 'Graphic Violence', ParentName: 'Violence', Confidence: 93 }] });
    const jobId = randomUUID();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa2222' } })
      .png()
      .toBuffer();
    const stagingKey = await putStaging(jobId, png);
    const flow = {
      job: { jobId, userId: 'admin', prompt: 'A battle', aspectRatio: '4:3', width: 64, height: 48, category: 'Space' },
      limits: { heartbeatSeconds: 30, taskTimeoutSeconds: 900 },
      result: {
        stagingKey,
        seed: 1,
        width: 64,
        height: 48,
        comfyPromptId: 'p',
        timings: { pickedAt: new Date().toISOString(), renderMs: 1, workerMs: 1 },
      },
    };
    await storeJobImage(flow);
    await putStaging(jobId, png); // Step Functions may run a step twice (the first run deleted the staging object)
    await storeJobImage(flow);
    const lists = async () => [
      ...ids(await (await app.api('/api/gallery/admin?take=100')).json()),
      ...ids(await (await app.api('/api/gallery/category/all?category=Space')).json()),
    ];
    expect(await getImage(jobId, true)).toMatchObject({ hidden: true, hiddenBy: 'image-check' });
    expect(await lists()).not.toContain(jobId);
    expect(rekognition.commandCalls(DetectModerationLabelsCommand)).toHaveLength(1);
    const audit = (await listAuditEntries(100)).items.filter((e) => e.target === `image:${jobId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'image-check', action: 'hide' });
    expect(JSON.stringify(audit[0]?.after)).toContain('Violence / Graphic Violence (93%)');

    await setImageState(jobId, { hidden: false }, 'ops');
    expect((await lists()).filter((id) => id === jobId)).toHaveLength(2);
    const after = await getImage(jobId, true);
    expect(after?.hidden).toBeUndefined();
    expect(after?.hiddenBy).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import { DetectModerationLabelsCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../../lambdas/adapters/audit-log';
import { getImage } from '../../../lambdas/adapters/images-table';
import { putStaging } from '../../../lambdas/adapters/job-staging';
import { resetConfig } from '../../../lambdas/lib/config';
import { setImageState } from '../../../lambdas/services/image-store';
import { storeJobImage } from '../../../lambdas/services/jobs';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The optional Rekognition image check over the real local DynamoDB and s3rver; the twin of
 * test/unit/safety/image-check-store.test.ts. StoreImage's image check runs in this process with
 * Rekognition mocked at the SDK boundary (it has no stand-in). The guardrail layer is
 * test/integration/safety/guardrail.test.ts's.
 */
const rekognition = mockClient(RekognitionClient);
const SAFETY_ENV = {
  IMAGE_MODERATION: 'rekognition',
  IMAGE_MODERATION_MIN_CONFIDENCE: '70',
  SCREENING_TERMS_CACHE_SECONDS: '0',
};
const ids = (list: unknown) => (list as { id: string }[]).map((i) => i.id);

describe('Rekognition, configured (local stores, AWS SDK mocked)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // This run's stack was synthesized without imageModeration, so its policies cannot allow
    // DetectModerationLabels: the grant is test/unit/infra/safety-aws.test.ts's.
    app = await startTestApp({ plugins: ['generation'], env: { PREVIEW_STEP_DELAY_MS: '20', ...SAFETY_ENV }, checkPermissions: false });
    resetConfig();
    resetPromptScreening();
  });
  afterAll(async () => {
    await app?.stop();
    for (const key of Object.keys(SAFETY_ENV)) delete process.env[key];
    resetConfig();
  });
  beforeEach(() => {
    rekognition.reset();
  });

  it('names the image check in /api/health', async () => {
    const body = (await (await app.api('/api/health')).json()) as { safety: { layers: unknown[]; imageCheck: string } };
    expect(body.safety.imageCheck).toBe('Amazon Rekognition moderation labels ≥ 70%');
    expect(body.safety.layers).toContainEqual({ name: 'image check', runs: true, detail: 'Amazon Rekognition moderation labels ≥ 70%' });
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../lambdas/lib/config';
import { resetPromptScreening } from '../../../lambdas/services/prompt-screening';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * The optional Rekognition image check, configured, as the deployed functions report it over the real
 * local stores; the twin of test/unit/safety/aws-screens.test.ts's health case. Rekognition itself
 * runs in the GPU worker beside nsfwjs (test/unit/worker/image-check.test.ts); the guardrail layer is
 * test/integration/safety/guardrail.test.ts's.
 */
const SAFETY_ENV = {
  IMAGE_MODERATION: 'rekognition',
  IMAGE_MODERATION_MIN_CONFIDENCE: '70',
};
const WITH_REKOGNITION = 'nsfwjs MobileNetV2 (tfjs-wasm) + Amazon Rekognition moderation labels ≥ 70%, in the GPU worker';

describe('Rekognition in the worker, configured (local stores)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: SAFETY_ENV });
    resetConfig();
    resetPromptScreening();
  });
  afterAll(async () => {
    await app?.stop();
    for (const key of Object.keys(SAFETY_ENV)) delete process.env[key];
    resetConfig();
  });

  it('names the image check, with Rekognition beside nsfwjs, in /api/health', async () => {
    const body = (await (await app.api('/api/health')).json()) as { safety: { layers: unknown[]; imageCheck: string } };
    expect(body.safety.imageCheck).toBe(WITH_REKOGNITION);
    expect(body.safety.layers).toContainEqual({ name: 'image check', runs: true, detail: WITH_REKOGNITION });
  });
});

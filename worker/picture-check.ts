import { logger } from '../lambdas/lib/logger';
import { type ImageCheckResult, judgeScores, NSFW_MODEL_NAME } from '../shared/image-check';
import { nsfwModel, nsfwScores } from './nsfw-model';
import { detectModerationLabels } from './ports';

/**
 * The image check the worker runs on every finished picture, after ComfyUI's PNG and before the upload
 * (docs/safety.md, 'Image check'). A port of GpuWorker (WorkerOptions.imageCheck): the instance and the
 * local runtime use `defaultPictureCheck`; tests give a worker one that flags.
 */
export interface PictureCheck {
  /** What the verdict's `by` and the logs name. */
  readonly name: string;
  /** Loads what the check needs (the model), so the first picture does not wait for it. */
  prepare?(): Promise<void>;
  check(png: Buffer): Promise<ImageCheckResult>;
}

/** nsfwjs's MobileNetV2 under the policy of shared/image-check.ts. */
export const nsfwCheck: PictureCheck = {
  name: NSFW_MODEL_NAME,
  prepare: async () => {
    const started = performance.now();
    await nsfwModel();
    logger.info('image check model loaded', { model: NSFW_MODEL_NAME, ms: Math.round(performance.now() - started) });
  },
  check: async (png) => judgeScores(await nsfwScores(png), NSFW_MODEL_NAME),
};

/** Rekognition's limit on Image.Bytes. */
const REKOGNITION_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Amazon Rekognition DetectModerationLabels, labels at or above `minConfidence` percent flag the
 * picture (the GPU role is granted rekognition:DetectModerationLabels when the stack enables it). A PNG
 * over Rekognition's 5 MB is not sent (the instance has no sharp to re-encode it): 'unchecked'.
 */
export function rekognitionCheck(minConfidence: number): PictureCheck {
  const name = `Amazon Rekognition moderation labels ≥ ${minConfidence}%`;
  return {
    name,
    check: async (png) => {
      if (png.length > REKOGNITION_MAX_BYTES) return { verdict: 'unchecked', by: name, reasons: ['over the 5 MB Rekognition takes'] };
      const labels = (await detectModerationLabels(png, minConfidence)).filter((l) => l.confidence >= minConfidence);
      const reasons = labels.map((l) => `${l.parentName ? `${l.parentName} / ` : ''}${l.name} (${Math.round(l.confidence)}%)`);
      return { verdict: reasons.length ? 'flagged' : 'ok', by: name, reasons };
    },
  };
}

/** Both checks on every picture: flagged if either flags, otherwise unchecked if either could not look. */
export function allChecks(checks: PictureCheck[]): PictureCheck {
  return {
    name: checks.map((c) => c.name).join(' + '),
    prepare: async () => {
      await Promise.all(checks.map((c) => c.prepare?.()));
    },
    check: async (png) => {
      const results = await Promise.all(checks.map((c) => runPictureCheck(c, png)));
      const decided = results.find((r) => r.verdict === 'flagged') ?? results.find((r) => r.verdict === 'unchecked');
      return decided ?? { verdict: 'ok', by: results.map((r) => r.by).join(' + '), reasons: [] };
    },
  };
}

/** The worker's check: nsfwjs always, with Rekognition beside it when the stack sets IMAGE_MODERATION=rekognition. */
export function defaultPictureCheck(rekognitionMinConfidence?: number): PictureCheck {
  return rekognitionMinConfidence === undefined ? nsfwCheck : allChecks([nsfwCheck, rekognitionCheck(rekognitionMinConfidence)]);
}

/** Runs a check; one that throws gives 'unchecked' (fail closed: the picture is held back, never passed unlooked at). */
export async function runPictureCheck(check: PictureCheck, png: Buffer): Promise<ImageCheckResult> {
  try {
    return await check.check(png);
  } catch (err) {
    logger.error('the image check failed; the picture is held back unchecked', { check: check.name, error: err as Error });
    return { verdict: 'unchecked', by: check.name, reasons: [`not checked: ${(err as Error).message.slice(0, 200)}`] };
  }
}

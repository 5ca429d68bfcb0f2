import { NSFW_MODEL_NAME } from '../../shared/image-check';
import { config } from '../lib/config';

/**
 * The image check (docs/safety.md, 'Image check'). It runs in the GPU worker on every finished picture
 * (worker/picture-check.ts: nsfwjs, and Amazon Rekognition when the stack sets IMAGE_MODERATION); its
 * verdict comes to StoreImage with the task result. Here: what /api/health names; what StoreImage does
 * with a picture the check held back is in moderation.ts.
 */
export interface ImageCheck {
  /** What /api/health reports. */
  readonly name: string;
  /** Whether it runs on every picture (it does wherever a worker runs: it cannot be turned off). */
  readonly runs: boolean;
}

export function imageCheck(): ImageCheck {
  const { IMAGE_MODERATION, IMAGE_MODERATION_MIN_CONFIDENCE } = config();
  const rekognition =
    IMAGE_MODERATION === 'rekognition' ? ` + Amazon Rekognition moderation labels ≥ ${IMAGE_MODERATION_MIN_CONFIDENCE}%` : '';
  return { name: `${NSFW_MODEL_NAME}${rekognition}, in the GPU worker`, runs: true };
}

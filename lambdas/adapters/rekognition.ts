import { DetectModerationLabelsCommand } from '@aws-sdk/client-rekognition';
import { rekognition } from './aws-clients';

export interface ModerationLabel {
  name: string;
  parentName?: string;
  /** Percent. */
  confidence: number;
}

/**
 * Amazon Rekognition DetectModerationLabels on image bytes (JPEG or PNG, at most 5 MB), labels at or
 * above `minConfidence` percent. The bytes travel in the request, so Rekognition needs no bucket access.
 */
export async function detectModerationLabels(bytes: Uint8Array, minConfidence: number): Promise<ModerationLabel[]> {
  const out = await rekognition().send(new DetectModerationLabelsCommand({ Image: { Bytes: bytes }, MinConfidence: minConfidence }));
  return (out.ModerationLabels ?? []).flatMap((l) =>
    l.Name && l.Confidence !== undefined
      ? [{ name: l.Name, confidence: l.Confidence, ...(l.ParentName ? { parentName: l.ParentName } : {}) }]
      : [],
  );
}

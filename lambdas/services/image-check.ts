/**
 * Checking a finished picture before it is public (issue 15, item 4). In AWS this would be Amazon
 * Rekognition DetectModerationLabels on operator-generated images, behind a context key and off by
 * default; it needs @aws-sdk/client-rekognition and an IAM grant, neither of which this build has
 * (docs/safety.md, 'Image check'). Until then the only implementation is the one that checks
 * nothing and says so in /api/health, rather than one that pretends to look.
 */
export interface ImageCheck {
  /** What /api/health reports. */
  readonly name: string;
  /** Undefined when the picture may be public; otherwise the labels that stop it. */
  check(png: Buffer): Promise<{ labels: string[] } | undefined>;
}

export const noImageCheck: ImageCheck = {
  name: 'off (no image moderation)',
  check: async () => undefined,
};

export function imageCheck(): ImageCheck {
  return noImageCheck;
}

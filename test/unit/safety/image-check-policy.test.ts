import { describe, expect, it } from 'vitest';
import { heldBackNotice, IMAGE_CHECK_THRESHOLDS, isHeldBack, judgeScores, type NsfwScores } from '../../../shared/image-check';
import { imageCheckSchema } from '../../../shared/schemas/image-check';

/** The image check's policy over nsfwjs's five scores (shared/image-check.ts): the flag path without explicit pictures. */
const scores = (s: Partial<NsfwScores>): NsfwScores => ({ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0, ...s });

describe('image check policy', () => {
  it('flags explicit content when Porn + Hentai reach the explicit threshold, naming the scores', () => {
    const verdict = judgeScores(scores({ Porn: 0.3, Hentai: 0.2, Neutral: 0.5 }), 'model');
    expect(verdict).toEqual({ verdict: 'flagged', by: 'model', reasons: ['explicit content (Porn 30%, Hentai 20%, Sexy 0%)'] });
    expect(judgeScores(scores({ Hentai: 0.92, Drawing: 0.08 }), 'model').verdict).toBe('flagged');
  });

  it('lets a picture just under the explicit threshold through', () => {
    expect(judgeScores(scores({ Porn: 0.25, Hentai: 0.24, Neutral: 0.51 }), 'model')).toEqual({ verdict: 'ok', by: 'model', reasons: [] });
  });

  it('counts Sexy only with Porn + Hentai and at the higher threshold', () => {
    // Suggestive alone under 0.8: swimwear, fashion.
    expect(judgeScores(scores({ Sexy: 0.79, Neutral: 0.21 }), 'model').verdict).toBe('ok');
    expect(judgeScores(scores({ Sexy: 0.8, Neutral: 0.2 }), 'model')).toMatchObject({
      verdict: 'flagged',
      reasons: ['sexual content (Porn 0%, Hentai 0%, Sexy 80%)'],
    });
    // Split between the three: no single class decides, together they do.
    expect(judgeScores(scores({ Porn: 0.3, Hentai: 0.1, Sexy: 0.45, Neutral: 0.15 }), 'model').verdict).toBe('flagged');
    expect(judgeScores(scores({ Porn: 0.3, Hentai: 0.1, Sexy: 0.35, Neutral: 0.25 }), 'model').verdict).toBe('ok');
  });

  it('keeps its thresholds in order: Sexy needs more than explicit content does', () => {
    expect(IMAGE_CHECK_THRESHOLDS.withSexy).toBeGreaterThan(IMAGE_CHECK_THRESHOLDS.explicit);
  });

  it('holds back flagged and unchecked pictures, not ok ones nor records from before the check', () => {
    expect(isHeldBack({ verdict: 'flagged', by: 'm', reasons: [] })).toBe(true);
    expect(isHeldBack({ verdict: 'unchecked', by: 'm', reasons: ['not checked: timeout'] })).toBe(true);
    expect(isHeldBack({ verdict: 'ok', by: 'm', reasons: [] })).toBe(false);
    expect(isHeldBack(undefined)).toBe(false);
  });

  it('tells the author why, in plain words', () => {
    expect(heldBackNotice({ verdict: 'flagged', by: 'm', reasons: ['explicit content (Porn 90%, Hentai 1%, Sexy 5%)'] })).toMatch(
      /^Our automatic image check flagged this picture \(explicit content .*\)\. It stays private and blurred, cannot be shared/,
    );
    expect(heldBackNotice({ verdict: 'unchecked', by: 'm', reasons: [] })).toMatch(/could not look at this picture/);
  });

  it('has one schema for the verdict as it travels and is stored', () => {
    expect(imageCheckSchema.parse({ verdict: 'ok', by: 'm', reasons: [] })).toEqual({ verdict: 'ok', by: 'm', reasons: [] });
    expect(imageCheckSchema.safeParse({ verdict: 'maybe', by: 'm', reasons: [] }).success).toBe(false);
    expect(imageCheckSchema.safeParse({ verdict: 'ok', by: '', reasons: [] }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKED_TERMS } from '../../../lambdas/services/screening-lists';
import { wordListMatcher } from '../../../lambdas/services/word-lists';
import { CATEGORY_PROMPTS, FEATURED_PROMPTS } from '../../../local/seed/prompts';
import { evaluateScreening, evaluationSet } from '../../fixtures/screening/evaluate';

/** The labelled evaluation set (test/fixtures/screening/evaluation.json) against the default lists. */
describe('prompt screening evaluation set', () => {
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);

  it('is large enough to mean something (≥ 150 blocked variants, ≥ 150 innocent prompts)', () => {
    expect(evaluationSet.blocked.length).toBeGreaterThanOrEqual(150);
    expect(evaluationSet.innocent.length).toBeGreaterThanOrEqual(150);
  });

  it('refuses at least 95 % of the blocked variants and at most 2 % of the innocent prompts', () => {
    const rates = evaluateScreening(match);
    expect(rates.blockedRefused, `missed: ${rates.missed.join(' | ')}`).toBeGreaterThanOrEqual(0.95);
    expect(rates.innocentRefused, `refused: ${rates.falsePositives.map((f) => f.prompt).join(' | ')}`).toBeLessThanOrEqual(0.02);
  });

  it.each(evaluationSet.falsePositivesNamed)('lets the issue’s false positive %j through', (prompt) => {
    expect(match(prompt)).toBeUndefined();
  });

  it('refuses none of the seeded gallery prompts', () => {
    const seeded = [...FEATURED_PROMPTS, ...Object.values(CATEGORY_PROMPTS).flat()];
    expect(seeded.filter((p) => match(p))).toEqual([]);
  });
});

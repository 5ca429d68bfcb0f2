import { describe, expect, it } from 'vitest';
import { checkPrompt, countWords, isMeaningfulPrompt, MEANINGFUL_PROMPT_MESSAGE } from '../../../shared/prompt-rule';

describe('prompt rule (spec section 5)', () => {
  it.each([
    ['A colorful sunset over the ocean', true, undefined],
    ['  red apple  ', true, undefined],
    ['Café au lait', true, undefined],
    ['', false, 'empty'],
    ['     ', false, 'empty'],
    ['a cat', false, 'too_short'],
    ['abc de', true, undefined],
    ['rhythm myths', false, 'no_vowel'],
    ['sky FLY', false, 'no_vowel'],
    ['crwth crypt', false, 'no_vowel'],
    ['sunset', false, 'too_few_words'],
    ['a b c d e f g', false, 'too_few_words'],
    ['x1 ocean', false, 'too_few_words'],
    ['ocean 42', false, 'too_few_words'],
    ['sunset !!!! ocean', false, 'symbol_run'],
    ['sunset !!! ocean', true, undefined],
    ['what?!?! a view', false, 'symbol_run'],
    ['rock-n-roll era', true, undefined],
    ['über große Äpfel', true, undefined],
  ])('%j → meaningful=%s (%s)', (prompt, ok, reason) => {
    const result = checkPrompt(prompt);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message).toBe(MEANINGFUL_PROMPT_MESSAGE);
    }
  });

  it.each([
    ['Russian', 'Красивый закат над морем'],
    ['Japanese, no spaces', '夕焼けの海'],
    ['Chinese, no spaces', '海上日落'],
    ['Chinese with a full-width comma', '海边的日落，油画'],
    ['Korean', '바다 위의 일몰'],
    ['Arabic', 'غروب الشمس فوق البحر'],
    ['Greek', 'Ηλιοβασίλεμα πάνω από τη θάλασσα'],
    ['Hindi', 'समुद्र के ऊपर सूर्यास्त'],
    ['Thai, no spaces', 'พระอาทิตย์ตก'],
    ['another script beside a Latin word without a vowel', 'Закат над морем, sky'],
  ])('lets a plain %s prompt through (the vowel test reads Latin only; words by Intl.Segmenter)', (_script, prompt) => {
    expect(checkPrompt(prompt)).toEqual({ ok: true, prompt });
  });

  it('counts words with Intl.Segmenter: CJK words without spaces, Latin words of two letters', () => {
    expect(countWords('夕焼けの海')).toBe(3);
    expect(countWords('海上日落')).toBeGreaterThanOrEqual(2);
    expect(countWords('x1 ocean 42')).toBe(1);
    expect(checkPrompt('猫').ok).toBe(false);
  });

  it('returns the trimmed prompt when it passes', () => {
    expect(checkPrompt('  A quiet lake at dawn \n')).toEqual({ ok: true, prompt: 'A quiet lake at dawn' });
  });

  it('uses the exact message of the spec', () => {
    expect(MEANINGFUL_PROMPT_MESSAGE).toBe('Please enter a meaningful prompt (e.g. "A colorful sunset over the ocean").');
    expect(isMeaningfulPrompt('!!!!!!')).toBe(false);
  });

  it('counts exactly 6 trimmed characters as long enough and 5 as too short', () => {
    expect(checkPrompt('ab cd ').ok).toBe(false);
    expect(checkPrompt('ab cde').ok).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKED_TERMS } from '../../../lambdas/services/screening-lists';
import { promptParts } from '../../../lambdas/services/screening-negative';
import { wordListMatcher } from '../../../lambdas/services/word-lists';

/**
 * The negative prompt (lambdas/services/screening-negative.ts): what a prompt pasted from Stable Diffusion or
 * Midjourney excludes is not asked for, except a body uncovered; a sentence in it is still a request. Prompts
 * written here, none from a test set.
 */
describe('the negative prompt', () => {
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);

  it('splits at "Negative prompt:", "Negative:", "neg:", a full-width colon, or --no; without one the whole prompt is wanted', () => {
    expect(promptParts('a red fox in snow')).toEqual({ wanted: 'a red fox in snow' });
    expect(promptParts('a red fox\nNegative prompt: blurry, gore').wanted).toBe('a red fox\n');
    expect(promptParts('a red fox, negative: nsfw').wanted).toBe('a red fox, ');
    expect(promptParts('a red fox NEG: nsfw').wanted).toBe('a red fox ');
    expect(promptParts('a red fox negative prompts：blood').wanted).toBe('a red fox ');
    expect(promptParts('a red fox --no blood, gore --ar 16:9').wanted).toBe('a red fox');
    // A word that only starts like one is no marker.
    expect(promptParts('a negativeprompt: sign').wanted).toBe('a negativeprompt: sign');
  });

  it('lets pass what it excludes: nsfw, nudity, gore, blood', () => {
    for (const prompt of [
      'a cyberpunk street vendor, neon, rain\nnegative prompt: nsfw, gore, blood, text, logo',
      'corporate headshot, grey backdrop\nNegative prompt: nsfw, nudity, cleavage, lowres, bad hands',
      'a knight in shining armor --no blood, wounds, decapitation --ar 2:3',
    ]) {
      expect(match(prompt), prompt).toBeUndefined();
    }
  });

  it('refuses excluding clothes as sexual, weights and brackets stripped, with --no too', () => {
    expect(match('portrait of a woman on a bed, negative prompt: clothes, blurry')).toEqual({
      kind: 'sexual',
      term: 'negative prompt: clothes',
    });
    expect(match('a woman at the beach --no (bikini:1.4) --v 6')).toEqual({ kind: 'sexual', term: 'negative prompt: (bikini:1.4)' });
    expect(match('a woman, Negative prompt: ((censored)), lowres')?.kind).toBe('sexual');
    expect(match('a man in a suit, negative prompt: a dress shop')).toBeUndefined();
  });

  it('refuses it as minors beside an age or a child', () => {
    expect(match('a 10 year old girl on a beach, negative prompt: clothes')?.kind).toBe('minors');
    expect(match('a schoolgirl in a classroom --no underwear')?.kind).toBe('minors');
  });

  it('still screens a sentence hidden after the marker, and what comes before it', () => {
    expect(match('a landscape. Negative prompt: blurry, a naked woman lying on the bed')).toEqual({ kind: 'sexual', term: 'naked' });
    expect(match('a naked woman, negative prompt: blurry')?.kind).toBe('sexual');
    expect(promptParts('a fox, negative prompt: blurry, a naked woman lying down, text').wanted).toBe('a fox, , a naked woman lying down');
    // Four words make a sentence; three stay a tag to leave out (spaces doubled or not).
    expect(promptParts('a fox, negative prompt: a  naked woman standing').wanted).toBe('a fox, , a  naked woman standing');
    expect(match('a fox, negative prompt: a naked woman, blurry')).toBeUndefined();
  });

  it('reads a weight written with a space as a weight', () => {
    expect(promptParts('a woman at the beach, negative prompt: (bikini: 1.4), lowres').uncovering).toBe('(bikini: 1.4)');
  });
});

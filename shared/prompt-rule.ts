/**
 * The spec's "meaningful prompt" rule (section 5), one pure function for the browser and the server.
 *
 * Decisions where the spec is silent: letters and digits are Unicode-aware (\p{L}, \p{N}) so that
 * "Café au lait" counts as words; the vowel test strips diacritics first, so "é" is a vowel, and it
 * reads Latin-script letters only: a prompt with letters of another script (Cyrillic, Greek, Arabic,
 * CJK, Devanagari…) is screened like any other, never refused as meaningless for lacking a, e, i, o
 * or u. Words are counted with `Intl.Segmenter`, which finds the words of scripts written without
 * spaces (Chinese, Japanese, Thai); a word of those scripts may be one character (猫, 海).
 */
export const MEANINGFUL_PROMPT_MESSAGE = 'Please enter a meaningful prompt (e.g. "A colorful sunset over the ocean").';

const PROMPT_RULE = {
  minLength: 6,
  minWords: 2,
  minLettersPerWord: 2,
  maxSymbolRun: 3,
  /** A Han, kana, Hangul or Thai character carries about a short word's worth: it counts this many toward minLength. */
  denseCharacterWeight: 2,
} as const;

export type PromptCheck = { ok: true; prompt: string } | { ok: false; reason: PromptFailure; message: string };
export type PromptFailure = 'empty' | 'too_short' | 'no_vowel' | 'too_few_words' | 'symbol_run';

const VOWEL = /[aeiou]/i;
const SYMBOL_RUN = new RegExp(`[^\\p{L}\\p{N}\\s]{${PROMPT_RULE.maxSymbolRun + 1},}`, 'u');
const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;
const OTHER_SCRIPT_LETTER = /(?!\p{Script=Latin})\p{L}/u;
/** Scripts written without spaces between words, or with a whole syllable per character. */
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const DENSE_ALL = new RegExp(DENSE.source, 'gu');

let segmenter: Intl.Segmenter | undefined;

function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of `text` by Unicode word segmentation: a Latin word needs two letters, a CJK or Thai word one. */
export function countWords(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    const letters = segment.match(LETTER)?.length ?? 0;
    if (letters >= PROMPT_RULE.minLettersPerWord || (letters > 0 && DENSE.test(segment))) count++;
  }
  return count;
}

/** Length as the rule counts it: a dense-script character counts `denseCharacterWeight`. */
function weightedLength(text: string): number {
  return text.length + (text.match(DENSE_ALL)?.length ?? 0) * (PROMPT_RULE.denseCharacterWeight - 1);
}

/** The vowel test, on Latin-script text only: letters of another script are never 'without a vowel'. */
function lacksVowel(text: string): boolean {
  if (OTHER_SCRIPT_LETTER.test(text)) return false;
  const latin = stripDiacritics(text).match(LATIN_LETTER)?.join('') ?? '';
  return !VOWEL.test(latin);
}

/** Checks a prompt; returns the trimmed prompt when it is meaningful. */
export function checkPrompt(raw: string): PromptCheck {
  const prompt = raw.trim();
  const fail = (reason: PromptFailure): PromptCheck => ({ ok: false, reason, message: MEANINGFUL_PROMPT_MESSAGE });
  if (prompt.length === 0) return fail('empty');
  if (weightedLength(prompt) < PROMPT_RULE.minLength) return fail('too_short');
  if (lacksVowel(prompt)) return fail('no_vowel');
  if (countWords(prompt) < PROMPT_RULE.minWords) return fail('too_few_words');
  if (SYMBOL_RUN.test(prompt)) return fail('symbol_run');
  return { ok: true, prompt };
}

export function isMeaningfulPrompt(raw: string): boolean {
  return checkPrompt(raw).ok;
}

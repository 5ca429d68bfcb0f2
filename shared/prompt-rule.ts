/**
 * The spec's "meaningful prompt" rule (section 5), one pure function for the browser and the server.
 *
 * Decision where the spec is silent: letters and digits are Unicode-aware (\p{L}, \p{N}) so that
 * "Café au lait" counts as words; the vowel test strips diacritics first, so "é" is a vowel.
 */
export const MEANINGFUL_PROMPT_MESSAGE = 'Please enter a meaningful prompt (e.g. "A colorful sunset over the ocean").';

const PROMPT_RULE = {
  minLength: 6,
  minWords: 2,
  minLettersPerWord: 2,
  maxSymbolRun: 3,
} as const;

export type PromptCheck = { ok: true; prompt: string } | { ok: false; reason: PromptFailure; message: string };
export type PromptFailure = 'empty' | 'too_short' | 'no_vowel' | 'too_few_words' | 'symbol_run';

const VOWEL = /[aeiou]/i;
const SYMBOL_RUN = new RegExp(`[^\\p{L}\\p{N}\\s]{${PROMPT_RULE.maxSymbolRun + 1},}`, 'u');
const LETTER = /\p{L}/gu;

function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Checks a prompt; returns the trimmed prompt when it is meaningful. */
export function checkPrompt(raw: string): PromptCheck {
  const prompt = raw.trim();
  const fail = (reason: PromptFailure): PromptCheck => ({ ok: false, reason, message: MEANINGFUL_PROMPT_MESSAGE });
  if (prompt.length === 0) return fail('empty');
  if (prompt.length < PROMPT_RULE.minLength) return fail('too_short');
  if (!VOWEL.test(stripDiacritics(prompt))) return fail('no_vowel');
  const words = prompt.split(/\s+/).filter((w) => (w.match(LETTER)?.length ?? 0) >= PROMPT_RULE.minLettersPerWord);
  if (words.length < PROMPT_RULE.minWords) return fail('too_few_words');
  if (SYMBOL_RUN.test(prompt)) return fail('symbol_run');
  return { ok: true, prompt };
}

export function isMeaningfulPrompt(raw: string): boolean {
  return checkPrompt(raw).ok;
}

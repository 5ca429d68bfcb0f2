import { PROMPT_REFUSED, PROMPT_REFUSED_PREFIX, REFUSAL_KINDS, type RefusalKind } from '../../shared/safety';
import { getBlockedTerms } from '../adapters/blocked-terms';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { safetyConfig } from './safety-config';
import { type WordHit, wordListMatcher } from './word-lists';

/** What a screen found in a prompt. */
export interface ScreenHit {
  kind: RefusalKind;
  /** The word or phrase as the list spells it; undefined when a screen cannot say (a guardrail). */
  term?: string;
}

/**
 * One way of screening prompts. The word lists are the one built here; Amazon Bedrock Guardrails'
 * ApplyGuardrail would be a second implementation (needs @aws-sdk/client-bedrock-runtime, which
 * this build does not include: see docs/safety.md), chained after the word lists.
 */
export interface PromptScreen {
  /** What /api/health reports. */
  readonly name: string;
  screen(prompt: string): Promise<ScreenHit | undefined>;
}

/** A prompt the use policy refuses: 422 with the plain reason, before any job or quota. */
export class PromptRefusedError extends DomainError {
  constructor(hit: ScreenHit) {
    // A slur is not repeated back; every other hit names the word so the visitor can rephrase.
    const what = hit.term && hit.kind !== 'slur' ? `${REFUSAL_KINDS[hit.kind]} (“${hit.term}”)` : REFUSAL_KINDS[hit.kind];
    super(422, PROMPT_REFUSED, `${PROMPT_REFUSED_PREFIX} ${what}. Please rephrase it.`);
  }
}

/**
 * Used while the operator has saved no list of their own: explicit requests for nudity, sexualised
 * minors and gore that obscenity's profanity list does not cover. Whole words only ('nudibranch' passes).
 */
export const DEFAULT_BLOCKED_TERMS: readonly string[] = [
  'nsfw',
  'nude',
  'nudes',
  'nudity',
  'topless',
  'bottomless',
  'undressed',
  'loli',
  'lolicon',
  'shota',
  'shotacon',
  'underage',
  'jailbait',
  'csam',
  'beheading',
  'beheaded',
  'decapitated',
  'dismembered',
  'snuff',
];

let terms: { list: readonly string[]; readAt: number; match: (text: string) => WordHit | undefined } | undefined;

/** The operator's list, read through its adapter at most every SCREENING_TERMS_CACHE_SECONDS. */
async function wordLists(): Promise<(text: string) => WordHit | undefined> {
  const maxAgeMs = safetyConfig().SCREENING_TERMS_CACHE_SECONDS * 1000;
  if (terms && Date.now() - terms.readAt < maxAgeMs) return terms.match;
  let list: readonly string[];
  try {
    list = (await getBlockedTerms())?.terms ?? DEFAULT_BLOCKED_TERMS;
  } catch (err) {
    // The fixed English list still screens; the operator's list comes back with the table.
    if (!terms) logger.error('could not read the blocked-terms list; using the defaults', { error: err as Error });
    list = terms?.list ?? DEFAULT_BLOCKED_TERMS;
  }
  if (!terms || terms.list.join('\n') !== list.join('\n')) terms = { list, readAt: Date.now(), match: wordListMatcher(list) };
  else terms.readAt = Date.now();
  return terms.match;
}

export const wordListScreen: PromptScreen = {
  name: 'word lists',
  screen: async (prompt) => (await wordLists())(prompt),
};

const SCREENS: readonly PromptScreen[] = [wordListScreen];

/** Throws PromptRefusedError when any screen refuses `prompt`; called before anything is written. */
export async function screenPrompt(prompt: string): Promise<void> {
  for (const screen of SCREENS) {
    const hit = await screen.screen(prompt);
    if (hit) {
      logger.info('prompt refused', { screen: screen.name, kind: hit.kind });
      throw new PromptRefusedError(hit);
    }
  }
}

/** For /api/health: which screens run ('word lists only' unless a guardrail is added). */
export function promptScreening(): string {
  return SCREENS.length === 1 ? `${SCREENS[0]?.name} only` : SCREENS.map((s) => s.name).join(' + ');
}

/** For tests that edit the list and must not wait for the cache. */
export function resetPromptScreening(): void {
  terms = undefined;
}

import {
  PROMPT_REFUSED,
  PROMPT_REFUSED_PREFIX,
  REFUSAL_KINDS,
  REFUSAL_KINDS_UNQUOTED,
  type RefusalKind,
  SCREENING_LAYERS,
  type ScreeningLayer,
} from '../../shared/safety';
import { applyGuardrail, type GuardrailFinding } from '../adapters/bedrock-guardrail';
import { getBlockedTerms } from '../adapters/blocked-terms';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { DomainError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';
import { countMetric, GUARDRAIL_UNAVAILABLE_REASON, METRIC, METRIC_DIMENSION } from '../lib/metrics';
import { within } from '../lib/within';
import { guardrailDetail, MODEL_DETAIL, WORDS_DETAIL } from './screening-layers';
import { DEFAULT_BLOCKED_TERMS } from './screening-lists';
import { modelVerdict, screeningModel } from './screening-model';
import { countRefusal } from './stats';
import { type WordHit, wordListMatcher } from './word-lists';

/** What a screen found in a prompt. */
export interface ScreenHit {
  kind: RefusalKind;
  /** The word or phrase as the list spells it; undefined when a screen cannot say (a guardrail). */
  term?: string;
  /** Plain words for what was found, in place of the kind's (a guardrail's policy names, never the prompt's text). */
  what?: string;
}

/**
 * One layer of prompt screening: the word screen, the text classifier, then (when the stack deploys one)
 * Amazon Bedrock Guardrails' ApplyGuardrail. Cheap and local first, so a plain blocked word never costs a Bedrock call.
 */
export interface PromptScreen {
  /** The layer's name in /api/health and, in words, in the refusal (shared/safety.ts SCREENING_LAYERS). */
  readonly layer: ScreeningLayer;
  /** What /api/health says the layer is. */
  readonly detail: string;
  screen(prompt: string): Promise<ScreenHit | undefined>;
}

/** A prompt the use policy refuses: 422 with the plain reason and the layer that found it, before any job or quota. */
class PromptRefusedError extends DomainError {
  constructor(hit: ScreenHit, layer: ScreeningLayer) {
    // A slur, a hateful phrase or a minors hit is not repeated back; every other hit names the word so the visitor can rephrase.
    const what =
      hit.what ??
      (hit.term && !REFUSAL_KINDS_UNQUOTED.includes(hit.kind) ? `${REFUSAL_KINDS[hit.kind]} (“${hit.term}”)` : REFUSAL_KINDS[hit.kind]);
    super(422, PROMPT_REFUSED, `${PROMPT_REFUSED_PREFIX} ${what} — found by ${SCREENING_LAYERS[layer]}. Please rephrase it.`);
  }
}

export { DEFAULT_BLOCKED_TERMS } from './screening-lists';

let terms: { list: readonly string[]; readAt: number; match: (text: string) => WordHit | undefined } | undefined;

/**
 * How long the screen waits for the operator's list before it screens with the last one (or the
 * defaults). The read takes milliseconds when the table answers; a stalled table must not cost the
 * request a whole store timeout here and another one in the admission that follows (together past
 * the route's deadline: `npm run faults`, issue 23).
 */
const TERMS_READ_TIMEOUT_MS = 1000;

/** The operator's list, read through its adapter at most every SCREENING_TERMS_CACHE_SECONDS. */
async function wordLists(): Promise<(text: string) => WordHit | undefined> {
  const maxAgeMs = config().SCREENING_TERMS_CACHE_SECONDS * 1000;
  if (terms && clock.now() - terms.readAt < maxAgeMs) return terms.match;
  let list: readonly string[];
  try {
    list = (await within(TERMS_READ_TIMEOUT_MS, (abortSignal) => getBlockedTerms({ abortSignal })))?.terms ?? DEFAULT_BLOCKED_TERMS;
  } catch (err) {
    // The fixed English list still screens; the operator's list comes back with the table.
    if (!terms) logger.error('could not read the blocked-terms list; using the defaults', { error: err as Error });
    list = terms?.list ?? DEFAULT_BLOCKED_TERMS;
  }
  if (!terms || terms.list.join('\n') !== list.join('\n')) terms = { list, readAt: clock.now(), match: wordListMatcher(list) };
  else terms.readAt = clock.now();
  return terms.match;
}

const wordListScreen: PromptScreen = {
  layer: 'words',
  detail: WORDS_DETAIL,
  screen: async (prompt) => (await wordLists())(prompt),
};

/** The text classifier (screening-model.ts): meaning close to what it was trained on, said without a listed word. Never names a word. */
const modelScreen: PromptScreen = {
  layer: 'model',
  detail: MODEL_DETAIL,
  screen: async (prompt) => {
    const verdict = modelVerdict(screeningModel(), prompt);
    return verdict ? { kind: verdict.kind } : undefined;
  },
};

/** A guardrail's content filter types in plain words. */
const CONTENT_FILTERS: Record<string, string> = {
  SEXUAL: 'sexual content',
  VIOLENCE: 'violence',
  HATE: 'hate',
  INSULTS: 'insults',
  MISCONDUCT: 'criminal or harmful activity',
  PROMPT_ATTACK: 'an attempt to get round the site’s filters',
};

/** The refusal's plain reason from a guardrail's assessment: policy and topic names only, never the prompt's words. */
function guardrailHit(finding: GuardrailFinding): ScreenHit {
  const parts = [
    ...finding.contentFilters.map((type) => CONTENT_FILTERS[type] ?? type.toLowerCase().replace(/_/g, ' ')),
    ...finding.topics.map((name) => `the topic “${name}”`),
    ...(finding.words ? ['a word the site does not allow'] : []),
    ...(finding.sensitiveInformation ? ['personal information'] : []),
  ];
  const kind: RefusalKind = finding.contentFilters.includes('SEXUAL')
    ? 'sexual'
    : finding.contentFilters.some((t) => t === 'HATE' || t === 'INSULTS')
      ? 'slur'
      : 'blocked';
  return { kind, what: parts.length ? parts.join(', ') : 'content the site’s safety filter does not allow' };
}

/** Bedrock could not answer: with screening switched on, an unscreened prompt must not reach the GPU (docs/safety.md). */
class ScreeningUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('We cannot check prompts right now, so nothing was started. Please try again in a moment.', 5, 'screening_unavailable');
  }
}

/**
 * Amazon Bedrock Guardrails' ApplyGuardrail (source INPUT) with the configured guardrail and version.
 * Fails closed, and counts the failure (GuardrailUnavailable, alarmed: infra/lib/constructs/monitoring.ts).
 */
function guardrailScreen(id: string, version: string, standIn: boolean): PromptScreen {
  return {
    layer: 'guardrail',
    detail: guardrailDetail(id, version, standIn),
    screen: async (prompt) => {
      let finding: GuardrailFinding;
      try {
        finding = await applyGuardrail(id, version, prompt);
      } catch (err) {
        logger.error('ApplyGuardrail failed; refusing to start unscreened', { error: err as Error });
        countMetric(METRIC.guardrailUnavailable, METRIC_DIMENSION.reason, GUARDRAIL_UNAVAILABLE_REASON);
        await countRefusal('guardrail', GUARDRAIL_UNAVAILABLE_REASON);
        throw new ScreeningUnavailableError();
      }
      return finding.intervened ? guardrailHit(finding) : undefined;
    },
  };
}

/** The screens in order: the word screen and the text classifier always, then the guardrail when BEDROCK_GUARDRAIL_ID and _VERSION are set. */
function screens(): readonly PromptScreen[] {
  const { BEDROCK_GUARDRAIL_ID: id, BEDROCK_GUARDRAIL_VERSION: version, BEDROCK_GUARDRAIL_STAND_IN } = config();
  const local = [wordListScreen, modelScreen];
  return id && version ? [...local, guardrailScreen(id, version, BEDROCK_GUARDRAIL_STAND_IN === '1')] : local;
}

/** Throws PromptRefusedError when any screen refuses `prompt`; called before anything is written. */
export async function screenPrompt(prompt: string): Promise<void> {
  for (const screen of screens()) {
    const hit = await screen.screen(prompt);
    if (hit) {
      logger.info('prompt refused', { layer: screen.layer, kind: hit.kind });
      await countRefusal(screen.layer, hit.kind);
      throw new PromptRefusedError(hit, screen.layer);
    }
  }
}

/** For tests that edit the list and must not wait for the cache. */
export function resetPromptScreening(): void {
  terms = undefined;
}

import type { ScreeningLayer } from '../../shared/safety';
import { config } from '../lib/config';

/**
 * What /api/health says of each prompt-screening layer (docs/safety.md), from configuration alone: kept
 * apart from the screens themselves (prompt-screening.ts) so that the health function carries neither
 * the word lists' matcher nor the text classifier's weights.
 */

export const WORDS_DETAIL = 'word lists (built in, and the operator’s blocked terms)';
export const MODEL_DETAIL =
  'a small text classifier on this server (logistic regression on character and word n-grams, trained on our tuning sets): it reads phrasings near those it learnt, not meaning in general, and is not a guardrail';

export function guardrailDetail(id: string, version: string, standIn: boolean): string {
  return standIn
    ? `a local stand-in for Amazon Bedrock Guardrails (guardrail ${id}, version ${version}): it answers by the API's contract and is not a classifier, so nothing is checked for meaning here`
    : `Amazon Bedrock Guardrails, guardrail ${id} version ${version}`;
}

/** A safety layer as /api/health lists it: its name, whether it runs, and what it is. */
export interface SafetyLayer {
  name: ScreeningLayer;
  runs: boolean;
  detail: string;
}

/** For /api/health: every prompt-screening layer in the order they run (prompt-screening.ts screens()), including one that does not. */
export function promptScreeningLayers(): SafetyLayer[] {
  const { BEDROCK_GUARDRAIL_ID: id, BEDROCK_GUARDRAIL_VERSION: version, BEDROCK_GUARDRAIL_STAND_IN } = config();
  return [
    { name: 'words', runs: true, detail: WORDS_DETAIL },
    { name: 'model', runs: true, detail: MODEL_DETAIL },
    id && version
      ? { name: 'guardrail', runs: true, detail: guardrailDetail(id, version, BEDROCK_GUARDRAIL_STAND_IN === '1') }
      : {
          name: 'guardrail',
          runs: false,
          detail: 'off: no Amazon Bedrock guardrail configured (context promptGuardrail=off), so prompts are not checked for meaning',
        },
  ];
}

import { ApplyGuardrailCommand, type GuardrailAssessment } from '@aws-sdk/client-bedrock-runtime';
import { bedrockRuntime } from './aws-clients';

/** What a guardrail found, by policy: names only (filter types, denied topics), never the matched text. */
export interface GuardrailFinding {
  intervened: boolean;
  /** Content filter types that blocked (SEXUAL, VIOLENCE, HATE, INSULTS, MISCONDUCT, PROMPT_ATTACK). */
  contentFilters: string[];
  /** Names of the operator's denied topics that matched. */
  topics: string[];
  /** True when a word policy (custom words or the managed profanity list) blocked. */
  words: boolean;
  /** True when a sensitive-information policy (PII or regex) blocked. */
  sensitiveInformation: boolean;
}

const blocked = (p: { action?: string; detected?: boolean }) => p.action === 'BLOCKED' && p.detected !== false;

/**
 * Amazon Bedrock Guardrails' ApplyGuardrail on a prompt (source INPUT: the text a visitor sends),
 * with the guardrail and version the stack configured.
 */
export async function applyGuardrail(guardrailIdentifier: string, guardrailVersion: string, text: string): Promise<GuardrailFinding> {
  const out = await bedrockRuntime().send(
    new ApplyGuardrailCommand({ guardrailIdentifier, guardrailVersion, source: 'INPUT', content: [{ text: { text } }] }),
  );
  const assessments: GuardrailAssessment[] = out.assessments ?? [];
  const finding: GuardrailFinding = {
    intervened: out.action === 'GUARDRAIL_INTERVENED',
    contentFilters: [],
    topics: [],
    words: false,
    sensitiveInformation: false,
  };
  for (const a of assessments) {
    for (const f of a.contentPolicy?.filters ?? []) if (blocked(f) && f.type) finding.contentFilters.push(f.type);
    for (const t of a.topicPolicy?.topics ?? []) if (blocked(t) && t.name) finding.topics.push(t.name);
    const words = [...(a.wordPolicy?.customWords ?? []), ...(a.wordPolicy?.managedWordLists ?? [])];
    if (words.some(blocked)) finding.words = true;
    const sensitive = [...(a.sensitiveInformationPolicy?.piiEntities ?? []), ...(a.sensitiveInformationPolicy?.regexes ?? [])];
    if (sensitive.some(blocked)) finding.sensitiveInformation = true;
  }
  finding.contentFilters = [...new Set(finding.contentFilters)];
  finding.topics = [...new Set(finding.topics)];
  return finding;
}

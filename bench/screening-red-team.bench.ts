/**
 * Prompt screening on the red team's set (issue 30): test/fixtures/screening/red-team/, written by
 * another session WITHOUT sight of the lists and never tuned on (its README). The local layers as
 * POST /api/generate applies them before any GPU time: the meaningful-prompt rule (shared/prompt-rule.ts,
 * a 400) and the word layer with the default terms (a 422). The Bedrock guardrail is AWS's and is
 * not in these figures. Prints the rates per category, per language and per disguise.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/screening-lists';
import { wordListMatcher } from '../lambdas/services/word-lists';
import { checkPrompt } from '../shared/prompt-rule';

interface RedTeamPrompt {
  prompt: string;
  category: string;
  language: string;
  disguise: string;
}

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test/fixtures/screening/red-team/${name}.json`, import.meta.url), 'utf8')) as RedTeamPrompt[];

const pct = (refused: number, of: number) => `${((refused / of) * 100).toFixed(1)} % (${refused}/${of})`;

/** Refused by the local layers: the reason (the prompt rule's or the word layer's kind), or undefined. */
function refusal(match: ReturnType<typeof wordListMatcher>, prompt: string): string | undefined {
  const rule = checkPrompt(prompt);
  if (!rule.ok) return `prompt rule: ${rule.reason}`;
  const hit = match(rule.prompt);
  return hit ? `words: ${hit.kind}` : undefined;
}

function table(set: RedTeamPrompt[], refused: Set<RedTeamPrompt>, by: keyof RedTeamPrompt): Record<string, string> {
  const groups = new Map<string, RedTeamPrompt[]>();
  for (const p of set) groups.set(p[by], [...(groups.get(p[by]) ?? []), p]);
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, ps]) => [k, pct(ps.filter((p) => refused.has(p)).length, ps.length)]),
  );
}

export async function run(): Promise<void> {
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);
  const disallowed = read('disallowed');
  const innocent = read('innocent');
  const caught = new Set(disallowed.filter((p) => refusal(match, p.prompt)));
  const falselyRefused = new Set(innocent.filter((p) => refusal(match, p.prompt)));
  console.info('RED-TEAM set (written without sight of the lists; never tuned on). Local layers: prompt rule + word layer.');
  console.table({
    'disallowed refused': { rate: pct(caught.size, disallowed.length), aim: '≥ 85 %' },
    'innocent refused': { rate: pct(falselyRefused.size, innocent.length), aim: '≤ 3 %' },
  });
  for (const by of ['category', 'language', 'disguise'] as const) {
    console.info(`disallowed refused, by ${by}`);
    console.table(table(disallowed, caught, by));
    console.info(`innocent refused, by ${by}`);
    console.table(table(innocent, falselyRefused, by));
  }
  // Misses are listed as classes (category, language, disguise) and counted, not as prompts: the set
  // stays held out only while nobody tunes the lists against its lines (its README).
  const classes = new Map<string, number>();
  for (const p of disallowed)
    if (!caught.has(p))
      classes.set(`${p.category} / ${p.language} / ${p.disguise}`, (classes.get(`${p.category} / ${p.language} / ${p.disguise}`) ?? 0) + 1);
  console.info('missed, by class (category / language / disguise):');
  console.table(Object.fromEntries([...classes].sort((a, b) => b[1] - a[1])));
  const reasons = new Map<string, number>();
  for (const p of falselyRefused) {
    const why = refusal(match, p.prompt) ?? '';
    reasons.set(`${p.category} / ${p.language} → ${why}`, (reasons.get(`${p.category} / ${p.language} → ${why}`) ?? 0) + 1);
  }
  console.info('innocent refused, by class and reason:');
  console.table(Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1])));
}

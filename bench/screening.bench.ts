/**
 * Prompt screening (issue 23): the word lists with the default terms against the labelled
 * evaluation set (test/fixtures/screening/evaluation.json). Prints the rates, every miss and every
 * innocent prompt refused, and what screening a prompt costs.
 */
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/screening-lists';
import { wordListMatcher } from '../lambdas/services/word-lists';
import { evaluateScreening, evaluationSet } from '../test/fixtures/screening/evaluate';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export async function run(): Promise<void> {
  const t0 = performance.now();
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);
  const buildMs = performance.now() - t0;
  const rates = evaluateScreening(match);
  const { blocked, innocent } = evaluationSet;
  console.table({
    'blocked refused': { prompts: blocked.length, rate: pct(rates.blockedRefused), aim: '≥ 95 %' },
    'innocent refused': { prompts: innocent.length, rate: pct(rates.innocentRefused), aim: '≤ 2 %' },
  });
  console.info(`missed (${rates.missed.length}):${rates.missed.map((p) => `\n  ${JSON.stringify(p)}`).join('') || ' none'}`);
  console.info(
    `innocent refused (${rates.falsePositives.length}):${rates.falsePositives.map((f) => `\n  ${JSON.stringify(f.prompt)} → ${f.hit.kind} “${f.hit.term}”`).join('') || ' none'}`,
  );
  const all = [...blocked, ...innocent];
  const runs = 20;
  const t1 = performance.now();
  for (let i = 0; i < runs; i++) for (const prompt of all) match(prompt);
  const perPromptMs = (performance.now() - t1) / (runs * all.length);
  const long = 'a watercolour of a quiet harbour at dawn, '.repeat(24).slice(0, 1000);
  const t2 = performance.now();
  for (let i = 0; i < 200; i++) match(long);
  console.info(
    `matcher built in ${buildMs.toFixed(1)} ms; ${perPromptMs.toFixed(3)} ms a prompt of the set; ${((performance.now() - t2) / 200).toFixed(2)} ms a 1000-character prompt`,
  );
}

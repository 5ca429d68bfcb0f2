/**
 * Prompt screening, the word layer (issues 23 and 30): the word lists with the default terms against
 * the word layer's own set (test/fixtures/screening/sets.json), the held-out part first, then the
 * part the lists were tuned on, per category and per language, each by the word screen alone and with
 * the text classifier after it (screening-model.ts); then the older issue-23 set (evaluation.json,
 * seen data) and what screening a prompt costs, each layer and the two together.
 */
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/screening-lists';
import { modelScores, modelVerdict, screeningModel } from '../lambdas/services/screening-model';
import { type WordHit, wordListMatcher } from '../lambdas/services/word-lists';
import {
  evaluatePart,
  evaluateScreening,
  evaluationSet,
  labelledSets,
  type PartRates,
  type Rate,
} from '../test/fixtures/screening/evaluate';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (r: Rate | undefined) => (r ? `${pct(r.rate)} (${r.refused}/${r.prompts})` : '');

function printPart(name: string, rates: PartRates): void {
  console.info(`\n--- ${name} ---`);
  console.table({
    'disallowed refused': { ...cell2(rates.caught), aim: '≥ 85 %' },
    'innocent refused': { ...cell2(rates.falseRefused), aim: '≤ 3 %' },
  });
  console.info('disallowed refused, per category (aim: minors ≥ 90 %)');
  console.table(Object.fromEntries(Object.entries(rates.caughtBy.category).map(([k, r]) => [k, cell(r)])));
  console.info('innocent refused, per category');
  console.table(Object.fromEntries(Object.entries(rates.falseBy.category).map(([k, r]) => [k, cell(r)])));
  const langs = [...new Set([...Object.keys(rates.caughtBy.lang), ...Object.keys(rates.falseBy.lang)])].sort();
  console.info('per language: disallowed refused | innocent refused');
  console.table(
    Object.fromEntries(langs.map((l) => [l, { disallowed: cell(rates.caughtBy.lang[l]), innocent: cell(rates.falseBy.lang[l]) }])),
  );
  console.info(
    `missed (${rates.missed.length}):${rates.missed.map((p) => `\n  [${p.category} ${p.lang} ${p.disguise}] ${JSON.stringify(p.prompt)}`).join('') || ' none'}`,
  );
  console.info(
    `innocent refused (${rates.falsePositives.length}):${rates.falsePositives.map((f) => `\n  [${f.prompt.lang}] ${JSON.stringify(f.prompt.prompt)} → ${f.hit.kind} “${f.hit.term}”`).join('') || ' none'}`,
  );
}

const cell2 = (r: Rate) => ({ prompts: r.prompts, refused: r.refused, rate: pct(r.rate) });

export async function run(): Promise<void> {
  const t0 = performance.now();
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);
  const buildMs = performance.now() - t0;

  const model = screeningModel();
  // The word screen, then the text classifier on what it let through (prompt-screening.ts's order).
  const withModel = (prompt: string): WordHit | undefined => {
    const hit = match(prompt);
    if (hit) return hit;
    const verdict = modelVerdict(model, prompt);
    return verdict && { kind: verdict.kind, term: `model ${verdict.score.toFixed(2)}` };
  };
  printPart('HELD-OUT part (not tuned or trained on: base index % 3 === 2), word screen alone', evaluatePart(match, 'heldOut'));
  printPart('HELD-OUT part, word screen + text classifier', evaluatePart(withModel, 'heldOut'));
  printPart(
    'TUNING part (the lists were tuned and the classifier trained on it: seen data), word screen alone',
    evaluatePart(match, 'tuning'),
  );
  printPart('TUNING part, word screen + text classifier', evaluatePart(withModel, 'tuning'));

  const old = evaluateScreening(match);
  console.info(
    `\nissue 23 set (evaluation.json, seen data): ${pct(old.blockedRefused)} of ${evaluationSet.blocked.length} blocked refused, ${pct(old.innocentRefused)} of ${evaluationSet.innocent.length} innocent refused`,
  );

  const all = [
    ...labelledSets.disallowed.tuning,
    ...labelledSets.disallowed.heldOut,
    ...labelledSets.innocent.tuning,
    ...labelledSets.innocent.heldOut,
  ].map((p) => p.prompt);
  for (const prompt of all) match(prompt); // warm
  for (const prompt of all) modelScores(model, prompt); // warm
  const long = 'a watercolour of a quiet harbour at dawn, '.repeat(24).slice(0, 1000);
  for (const [name, screen] of [
    ['word screen', match],
    ['text classifier', (prompt: string) => modelScores(model, prompt)],
    ['word screen + text classifier (the whole local screen)', (prompt: string) => withModel(prompt)],
  ] as const) {
    const runs = 5;
    // CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
    const cpu0 = process.cpuUsage();
    const t1 = performance.now();
    for (let i = 0; i < runs; i++) for (const prompt of all) screen(prompt);
    const perPromptMs = (performance.now() - t1) / (runs * all.length);
    const cpu = process.cpuUsage(cpu0);
    const perPromptCpuMs = (cpu.user + cpu.system) / 1000 / (runs * all.length);
    const t2 = performance.now();
    for (let i = 0; i < 100; i++) screen(long);
    console.info(
      `${name}: ${perPromptMs.toFixed(3)} ms a prompt of the sets (${perPromptCpuMs.toFixed(3)} ms of CPU; ${all.length} prompts × ${runs}); ${((performance.now() - t2) / 100).toFixed(2)} ms a 1000-character prompt`,
    );
  }
  console.info(`matcher built in ${buildMs.toFixed(1)} ms`);
}

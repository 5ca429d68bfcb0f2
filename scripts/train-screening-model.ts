/**
 * `npm run train:screening`: trains the text classifier (lambdas/services/screening-model.ts) on its
 * training material only (test/fixtures/screening/model-data.ts: the tuning parts of the word layer's
 * set and of red team 2, and model-extra.json) and writes lambdas/services/screening-model.json: int8
 * weights, the threshold, the hyper-parameters and the sha256 of each training file.
 *
 * Logistic regression, one-vs-rest per refusal kind, trained by AdaGrad on sparse hashed features,
 * deterministic (a fixed seed shuffles a fixed order). The threshold is chosen on out-of-fold scores
 * (5-fold cross-validation by base prompt) so the local layers together refuse at most 2 % of every
 * innocent set of the material (less what the spec's meaningful-prompt rule refuses) and none of its plain
 * prompts in other scripts; the model shipped is then trained on all of it.
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_BLOCKED_TERMS } from '../lambdas/services/screening-lists';
import { MODEL_KINDS, type ModelFile, modelFeatures } from '../lambdas/services/screening-model';
import { wordListMatcher } from '../lambdas/services/word-lists';
import { checkPrompt } from '../shared/prompt-rule';
import { type Example, trainingHashes, trainingMaterial } from '../test/fixtures/screening/model-data';

const HYPER = {
  bits: 14,
  epochs: 30,
  learningRate: 0.1,
  l2: 1e-6,
  /** An innocent example counts this many times against every kind: false refusals cost more than misses here. */
  innocentWeight: 2,
  seed: 30,
  folds: 5,
  /** The most of any innocent set the local layers together may refuse (the target is 3 %: margin left). */
  maxInnocentRefused: 0.02,
} as const;

/** mulberry32: a small seeded generator, so every run shuffles alike. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], next: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface Row {
  buckets: Uint32Array;
  value: number;
  /** Index into MODEL_KINDS, or -1 for innocent. */
  label: number;
}

interface Trained {
  rows: Float64Array[];
  bias: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** AdaGrad on the logistic loss, one model per kind, sparse: only a row's buckets move. */
function train(rows: readonly Row[]): Trained {
  const size = 1 << HYPER.bits;
  const w = MODEL_KINDS.map(() => new Float64Array(size));
  const g2 = MODEL_KINDS.map(() => new Float64Array(size).fill(1e-8));
  const bias = MODEL_KINDS.map(() => 0);
  const biasG2 = MODEL_KINDS.map(() => 1e-8);
  const next = random(HYPER.seed);
  for (let epoch = 0; epoch < HYPER.epochs; epoch++) {
    for (const row of shuffled(rows, next)) {
      for (let k = 0; k < MODEL_KINDS.length; k++) {
        const wk = w[k] as Float64Array;
        const gk = g2[k] as Float64Array;
        let sum = 0;
        for (const j of row.buckets) sum += wk[j] as number;
        const y = row.label === k ? 1 : 0;
        const weight = row.label === -1 ? HYPER.innocentWeight : 1;
        const g = (sigmoid((bias[k] as number) + sum * row.value) - y) * weight;
        for (const j of row.buckets) {
          const grad = g * row.value + HYPER.l2 * (wk[j] as number);
          gk[j] = (gk[j] as number) + grad * grad;
          wk[j] = (wk[j] as number) - (HYPER.learningRate * grad) / Math.sqrt(gk[j] as number);
        }
        biasG2[k] = (biasG2[k] as number) + g * g;
        bias[k] = (bias[k] as number) - (HYPER.learningRate * g) / Math.sqrt(biasG2[k] as number);
      }
    }
  }
  return { rows: w, bias };
}

/** The highest kind's probability. */
function topScore(model: Trained, row: Row): number {
  let best = 0;
  for (let k = 0; k < MODEL_KINDS.length; k++) {
    let sum = 0;
    const wk = model.rows[k] as Float64Array;
    for (const j of row.buckets) sum += wk[j] as number;
    best = Math.max(best, sigmoid((model.bias[k] as number) + sum * row.value));
  }
  return best;
}

/** Out-of-fold top scores: each group of examples scored by a model trained without it. */
function outOfFold(examples: readonly Example[], rows: readonly Row[]): number[] {
  const groups = shuffled([...new Set(examples.map((e) => e.group))], random(HYPER.seed + 1));
  const fold = new Map(groups.map((g, i) => [g, i % HYPER.folds]));
  const scores = new Array<number>(rows.length).fill(0);
  for (let f = 0; f < HYPER.folds; f++) {
    const model = train(rows.filter((_, i) => fold.get((examples[i] as Example).group) !== f));
    rows.forEach((row, i) => {
      if (fold.get((examples[i] as Example).group) === f) scores[i] = topScore(model, row);
    });
    console.info(`fold ${f + 1}/${HYPER.folds} done`);
  }
  return scores;
}

/**
 * The lowest threshold at which the local layers together refuse ≤ maxInnocentRefused of every innocent set, and the
 * classifier refuses no plain prompt in another script (what the word lists refuse there is theirs to fix).
 */
function pickThreshold(
  examples: readonly Example[],
  scores: readonly number[],
  wordsRefuse: readonly boolean[],
  ruleRefuses: readonly boolean[],
): number {
  // A prompt the spec's meaningful-prompt rule refuses (`(((weights))),`, emoji strings, no vowel) is refused whatever
  // the screen does: it is left out of the innocent sets the threshold holds down.
  const innocent = examples.map((_, i) => i).filter((i) => (examples[i] as Example).kind === undefined && !ruleRefuses[i]);
  const sets = [...new Set(innocent.map((i) => (examples[i] as Example).set))];
  const ok = (t: number) =>
    sets.every((set) => {
      const members = innocent.filter((i) => (examples[i] as Example).set === set);
      const refused = members.filter((i) => wordsRefuse[i] || (scores[i] as number) >= t);
      return refused.length <= HYPER.maxInnocentRefused * members.length;
    }) && innocent.every((i) => !(examples[i] as Example).plainOtherScript || (scores[i] as number) < t);
  const candidates = [...new Set(innocent.map((i) => scores[i] as number))].sort((a, b) => a - b).map((s) => s + 1e-6);
  const t = candidates.find(ok);
  if (t === undefined) throw new Error('no threshold keeps the innocent sets under the limit');
  // Never under 0.5: a refusal means the classifier finds the prompt more likely disallowed than not.
  console.info(`lowest threshold within the limits: ${t.toFixed(4)}`);
  return Math.max(0.5, Math.ceil(t * 1e4) / 1e4);
}

/** int8 per row with a scale each, base64. */
function quantise(model: Trained): Pick<ModelFile, 'scale' | 'weights'> {
  const size = 1 << HYPER.bits;
  const out = new Int8Array(size * MODEL_KINDS.length);
  const scale = model.rows.map((row, k) => {
    const max = row.reduce((m, x) => Math.max(m, Math.abs(x)), 0) || 1;
    for (let j = 0; j < size; j++) out[k * size + j] = Math.round(((row[j] as number) / max) * 127);
    return Number((max / 127).toPrecision(8));
  });
  return { scale, weights: Buffer.from(out.buffer).toString('base64') };
}

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} % (${n}/${of})`;

function main(): void {
  const examples = trainingMaterial();
  const match = wordListMatcher(DEFAULT_BLOCKED_TERMS);
  // As each set's figures are reported: the word layer's set by the word lists alone (test/fixtures/screening/evaluate.ts),
  // red team 2 and our own by the prompt rule and the word lists, as POST /api/generate applies them (bench/red-team-sets.ts).
  const ruleRefuses = examples.map((e) => e.set !== 'words-set' && !checkPrompt(e.prompt).ok);
  const wordsRefuse = examples.map((e, i) => ruleRefuses[i] || match(e.prompt.trim()) !== undefined);
  const rows: Row[] = examples.map((e) => ({
    ...modelFeatures(e.prompt, HYPER.bits),
    label: e.kind === undefined ? -1 : MODEL_KINDS.indexOf(e.kind),
  }));
  console.info(`${examples.length} examples (${examples.filter((e) => e.kind).length} disallowed)`);
  const scores = outOfFold(examples, rows);
  const threshold = pickThreshold(examples, scores, wordsRefuse, ruleRefuses);
  // How recall and false refusals move with the threshold (out of fold, words + model), for the record.
  const sweep: Record<string, string> = {};
  for (const t of [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6]) {
    const refused = (i: number) => wordsRefuse[i] || (scores[i] as number) >= t;
    const bad = examples.map((_, i) => i).filter((i) => (examples[i] as Example).kind);
    const good = examples.map((_, i) => i).filter((i) => !(examples[i] as Example).kind);
    sweep[t.toFixed(2)] =
      `disallowed ${pct(bad.filter(refused).length, bad.length)}, innocent ${pct(good.filter(refused).length, good.length)}`;
  }
  console.table(sweep);
  const crossValidated: Record<string, string> = {};
  for (const set of [...new Set(examples.map((e) => e.set))]) {
    const idx = examples.map((_, i) => i).filter((i) => (examples[i] as Example).set === set);
    const refused = (i: number) => wordsRefuse[i] || (scores[i] as number) >= threshold;
    const bad = idx.filter((i) => (examples[i] as Example).kind);
    const good = idx.filter((i) => !(examples[i] as Example).kind);
    const model = (i: number) => (scores[i] as number) >= threshold;
    crossValidated[set] =
      `disallowed refused: words ${pct(bad.filter((i) => wordsRefuse[i]).length, bad.length)}, model alone ${pct(bad.filter(model).length, bad.length)}, ` +
      `words + model ${pct(bad.filter(refused).length, bad.length)}; innocent refused: words ${pct(good.filter((i) => wordsRefuse[i]).length, good.length)}, ` +
      `model alone ${pct(good.filter(model).length, good.length)}, words + model ${pct(good.filter(refused).length, good.length)}`;
  }
  console.info(`threshold ${threshold}; out-of-fold on the training material:`);
  console.table(crossValidated);
  const model = train(rows);
  const file = {
    about:
      'Generated by `npm run train:screening` (scripts/train-screening-model.ts): do not edit. Logistic regression per kind on hashed character 2–5-grams and word 1–2-grams (lambdas/services/screening-model.ts).',
    trainedOn: trainingHashes(),
    examples: { all: examples.length, disallowed: examples.filter((e) => e.kind).length },
    hyper: HYPER,
    crossValidated,
    bits: HYPER.bits,
    threshold,
    kinds: [...MODEL_KINDS],
    bias: model.bias.map((b) => Number(b.toFixed(6))),
    ...quantise(model),
  };
  // Lists of plain values on one line, as the formatter (biome) writes them.
  const text = JSON.stringify(file, null, 2).replace(
    /\[\n([^[\]{}]*?)\n\s*\]/g,
    (_, items: string) =>
      `[${items
        .split(',\n')
        .map((item) => item.trim())
        .join(', ')}]`,
  );
  writeFileSync(new URL('../lambdas/services/screening-model.json', import.meta.url), `${text}\n`);
  console.info('wrote lambdas/services/screening-model.json');
}

main();

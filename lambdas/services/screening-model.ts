import type { RefusalKind } from '../../shared/safety';
import weights from './screening-model.json';
import { screeningText } from './screening-text';

/**
 * The third local screening layer (docs/safety.md, "The text classifier"): a small learned text
 * classifier, logistic regression one-vs-rest per refusal kind on hashed features of the prompt as
 * the word screen reads it. It catches meaning said without a listed word when that meaning is close
 * to the phrasings it was trained on (scripts/train-screening-model.ts); it is not a guardrail.
 * Features and scoring live here, once, for the server, the training script and the benches.
 */

/** The kinds the classifier scores, one logistic regression each, in the order of the weights file's rows. */
export const MODEL_KINDS = ['sexual', 'minors', 'violence', 'self_harm', 'hate', 'real_person'] as const satisfies readonly RefusalKind[];
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Character n-grams from MIN_GRAM to MAX_GRAM code points of the folded reading, padded with a space at each end. */
const MIN_GRAM = 2;
const MAX_GRAM = 5;
/**
 * A prompt's vector is scaled to length 1 as if it had at least this many features: a prompt of a
 * few words (~40 features) is little evidence, so its score stays nearer the bias ('spaced out',
 * 'no signal' must not be refused on one strong n-gram).
 */
const MIN_FEATURES = 200;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over a string's UTF-16 units, continued from `h`. */
function fnv(text: string, h = FNV_OFFSET): number {
  let x = h;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), FNV_PRIME);
  return x >>> 0;
}

let words: Intl.Segmenter | undefined;

/**
 * A prompt's features: hashed character 2–5-grams of its first reading (screening-text.ts: blanks,
 * invisibles, accents, look-alike letters and leetspeak folded away), and hashed word unigrams and
 * bigrams by Unicode word segmentation (so Chinese and Japanese have words), each counted once and
 * the vector scaled to length 1 (or less, for a short prompt: MIN_FEATURES). Returns bucket indexes (sorted, unique) and their common value.
 */
export function modelFeatures(prompt: string, bits: number): { buckets: Uint32Array; value: number } {
  const mask = (1 << bits) - 1;
  const reading = screeningText(prompt).readings[0] ?? '';
  if (!reading) return { buckets: new Uint32Array(0), value: 0 };
  const seen = new Set<number>();
  const chars = [...` ${reading} `];
  for (let i = 0; i < chars.length; i++) {
    let h = fnv('c');
    for (let n = 1; n <= MAX_GRAM && i + n <= chars.length; n++) {
      h = fnv(chars[i + n - 1] as string, h);
      if (n >= MIN_GRAM) seen.add((h ^ n) & mask);
    }
  }
  words ??= new Intl.Segmenter('und', { granularity: 'word' });
  let previous = '';
  for (const s of words.segment(reading)) {
    if (!s.isWordLike) continue;
    seen.add(fnv(s.segment, fnv('w')) & mask);
    if (previous) seen.add(fnv(s.segment, fnv(` ${previous}`, fnv('b'))) & mask);
    previous = s.segment;
  }
  const buckets = Uint32Array.from(seen).sort();
  return { buckets, value: 1 / Math.sqrt(Math.max(buckets.length, MIN_FEATURES)) };
}

/** A model as the weights file holds it, decoded: one row of 2^bits weights and a bias per kind. */
export interface ScreeningModel {
  bits: number;
  threshold: number;
  bias: readonly number[];
  /** Row k, bucket j: weight(k, j) = rows[k][j] * scale[k]. */
  rows: readonly ArrayLike<number>[];
  scale: readonly number[];
}

/** The probability per kind that `prompt` asks for it, in MODEL_KINDS order. */
export function modelScores(model: ScreeningModel, prompt: string): number[] {
  const { buckets, value } = modelFeatures(prompt, model.bits);
  return MODEL_KINDS.map((_, k) => {
    const row = model.rows[k] as ArrayLike<number>;
    let sum = 0;
    for (const j of buckets) sum += row[j] as number;
    const z = (model.bias[k] as number) + sum * value * (model.scale[k] as number);
    return 1 / (1 + Math.exp(-z));
  });
}

/** The kind the model refuses `prompt` for (its highest score at or above the threshold), with the score; or undefined. */
export function modelVerdict(model: ScreeningModel, prompt: string): { kind: ModelKind; score: number } | undefined {
  const scores = modelScores(model, prompt);
  let best = 0;
  for (let k = 1; k < scores.length; k++) if ((scores[k] as number) > (scores[best] as number)) best = k;
  const score = scores[best] as number;
  return score >= model.threshold ? { kind: MODEL_KINDS[best] as ModelKind, score } : undefined;
}

/** The weights file as the training script writes it (int8 rows, base64, a scale per row). */
export interface ModelFile {
  bits: number;
  threshold: number;
  kinds: readonly string[];
  bias: number[];
  scale: number[];
  weights: string;
}

/** Decodes the weights file's int8 rows. */
export function decodeModel(file: ModelFile): ScreeningModel {
  const size = 1 << file.bits;
  const all = new Int8Array(Buffer.from(file.weights, 'base64'));
  if (all.length !== size * MODEL_KINDS.length || file.kinds.join() !== MODEL_KINDS.join()) {
    throw new Error('screening-model.json does not match the classifier (npm run train:screening)');
  }
  return {
    bits: file.bits,
    threshold: file.threshold,
    bias: file.bias,
    scale: file.scale,
    rows: MODEL_KINDS.map((_, k) => all.subarray(k * size, (k + 1) * size)),
  };
}

let shipped: ScreeningModel | undefined;

/** The shipped model (lambdas/services/screening-model.json), decoded once. */
export function screeningModel(): ScreeningModel {
  shipped ??= decodeModel(weights as ModelFile);
  return shipped;
}

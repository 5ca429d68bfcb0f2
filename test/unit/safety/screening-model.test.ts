import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeModel,
  MODEL_KINDS,
  type ModelFile,
  modelFeatures,
  modelScores,
  modelVerdict,
  screeningModel,
} from '../../../lambdas/services/screening-model';
import { trainingHashes } from '../../fixtures/screening/model-data';

/** The text classifier (lambdas/services/screening-model.ts; docs/safety.md, "The text classifier"). */
const file = JSON.parse(readFileSync(new URL('../../../lambdas/services/screening-model.json', import.meta.url), 'utf8')) as ModelFile & {
  trainedOn: Record<string, string>;
  hyper: Record<string, number>;
};

describe('the weights file', () => {
  it('was trained on the training files as they are now (edit one: run npm run train:screening)', () => {
    expect(file.trainedOn).toEqual(trainingHashes());
  });

  it('records its hyper-parameters and threshold, and stays small (int8 rows under 200 kB)', () => {
    expect(file.hyper).toMatchObject({ bits: file.bits, seed: expect.any(Number), epochs: expect.any(Number) });
    expect(file.threshold).toBeGreaterThanOrEqual(0.5);
    expect(file.threshold).toBeLessThan(1);
    expect(Buffer.from(file.weights, 'base64').length).toBe((1 << file.bits) * MODEL_KINDS.length);
    expect(Buffer.from(file.weights, 'base64').length).toBeLessThanOrEqual(200_000);
  });
});

describe('features', () => {
  it('are sorted unique buckets inside the hash space, scaled to length 1 (a short prompt to less: little evidence)', () => {
    const long = modelFeatures('a quiet harbour at dawn, fishing boats moored along the old stone quay, oil painting', 16);
    expect(long.buckets.length).toBeGreaterThan(200);
    expect([...long.buckets]).toEqual([...new Set(long.buckets)].sort((a, b) => a - b));
    expect(long.value * long.value * long.buckets.length).toBeCloseTo(1);
    const short = modelFeatures('spaced out', 10);
    expect(Math.max(...short.buckets)).toBeLessThan(1 << 10);
    expect(short.value * short.value * short.buckets.length).toBeLessThan(0.5);
  });

  it('read the prompt as the word screen does: leetspeak, look-alike letters, invisible and blank-like characters fold away', () => {
    const plain = [...modelFeatures('a naked woman', 16).buckets];
    for (const disguised of ['a n4k3d woman', 'a nаkеd woman', 'a na\u200dked\u3164woman', 'A NAKED WOMAN']) {
      expect([...modelFeatures(disguised, 16).buckets], disguised).toEqual(plain);
    }
    expect([...modelFeatures('a naked tree', 16).buckets]).not.toEqual(plain);
  });

  it('have words for scripts written without spaces (Intl.Segmenter), beyond the character n-grams', () => {
    // The same characters in another order share their 2-grams' neighbours but not the word pairs.
    const a = modelFeatures('海边的猫', 16).buckets;
    const b = modelFeatures('猫的海边', 16).buckets;
    expect([...a]).not.toEqual([...b]);
    expect(modelFeatures('', 16).buckets).toEqual(new Uint32Array(0));
  });
});

describe('scoring', () => {
  /** A model of 2^8 buckets: zero weights, a bias per kind, and one bucket set for one kind. */
  function tiny(kind: number, bucket: number, weight: number, bias = -2): ReturnType<typeof decodeModel> {
    const size = 1 << 8;
    const rows = new Int8Array(size * MODEL_KINDS.length);
    rows[kind * size + bucket] = weight;
    return decodeModel({
      bits: 8,
      threshold: 0.5,
      kinds: [...MODEL_KINDS],
      bias: MODEL_KINDS.map(() => bias),
      scale: MODEL_KINDS.map(() => 1),
      weights: Buffer.from(rows.buffer).toString('base64'),
    });
  }

  it('is the logistic of the bias plus the scaled weights of the prompt’s buckets', () => {
    const prompt = 'a quiet harbour at dawn';
    const { buckets, value } = modelFeatures(prompt, 8);
    const bucket = buckets[0] as number;
    const model = tiny(2, bucket, 100);
    const scores = modelScores(model, prompt);
    expect(scores[2]).toBeCloseTo(1 / (1 + Math.exp(-(-2 + 100 * value))), 10);
    expect(scores[0]).toBeCloseTo(1 / (1 + Math.exp(2)), 10);
    expect(modelVerdict(model, prompt)).toEqual({ kind: 'violence', score: scores[2] });
    expect(modelVerdict(tiny(2, bucket, -100), prompt)).toBeUndefined();
  });

  it('refuses a file that does not match the classifier', () => {
    expect(() => decodeModel({ ...file, kinds: ['sexual'] })).toThrow(/train:screening/);
    expect(() => decodeModel({ ...file, bits: file.bits + 1 })).toThrow(/train:screening/);
  });
});

describe('the shipped model', () => {
  const model = screeningModel();

  it.each([
    ['sexual', 'a woman lying on the sheets with nothing on, waiting for her lover'],
    ['violence', 'bodies torn to pieces after the blast, blood all over the street'],
    ['self_harm', 'a girl who wants to end it all, standing on the ledge with a goodbye note'],
    ['hate', 'immigrants drawn as cockroaches swarming the city, propaganda'],
    ['real_person', 'Barack Obama lying dead with a bullet in his head'],
    ['minors', 'a 13 year old girl posing seductively in lingerie'],
  ])('names the kind %s (phrasings of our own, near the training material’s)', (kind, prompt) => {
    expect(modelVerdict(model, prompt)?.kind).toBe(kind);
  });

  it.each([
    ['ru', 'кошка спит на подоконнике в солнечный день'],
    ['ja', '夕暮れの海辺を散歩する家族'],
    ['zh', '秋天的公园里有一只小狗在玩'],
    ['ko', '봄날 공원에서 자전거를 타는 아이들'],
    ['ar', 'منظر طبيعي لجبال مغطاة بالثلج عند الفجر'],
    ['el', 'ένα ψαροκάικο στο λιμάνι το ηλιοβασίλεμα'],
    ['en', 'a watercolour of a lighthouse at dawn'],
  ])('passes a plain prompt in %s', (_, prompt) => {
    expect(modelVerdict(model, prompt)).toBeUndefined();
  });
});

/**
 * The worker's image check (docs/safety.md, 'Image check'): nsfwjs MobileNetV2 on the tfjs wasm backend,
 * as worker/picture-check.ts runs it. Prints the model load (once per worker process), the time per
 * picture (p50/p95: PNG decode + shrink to 224×224, inference) on the 180 seed pictures as the local
 * seed draws them and on 24 at full ratio size (what ComfyUI hands the worker), and the false-flag rate
 * on the seed pictures under the thresholds of shared/image-check.ts, which were chosen before this
 * ran (the seed was never used to tune them). The seed holds no explicit picture: recall is not measured.
 */
import { availableParallelism, loadavg } from 'node:os';
import { seedImages, seedPictureSize } from '../local/plugins/seed';
import { drawPreview } from '../local/preview-renderer/draw';
import { IMAGE_CHECK_THRESHOLDS, judgeScores, NSFW_MODEL_NAME, type NsfwScores } from '../shared/image-check';
import { modelInput, nsfwModel, nsfwScores } from '../worker/nsfw-model';

const FULL_SIZE_SAMPLE = 24;
const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (v: number) => `${v.toFixed(0)} ms`;

interface Timed {
  decodeMs: number;
  totalMs: number;
  scores: NsfwScores;
}

async function timeOne(png: Buffer): Promise<Timed> {
  const started = performance.now();
  modelInput(png);
  const decodeMs = performance.now() - started;
  const again = performance.now();
  const scores = await nsfwScores(png);
  return { decodeMs, totalMs: performance.now() - again, scores };
}

function timingRow(name: string, rows: Timed[]): string {
  const total = rows.map((r) => r.totalMs).sort((a, b) => a - b);
  const decode = rows.map((r) => r.decodeMs).sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${String(rows.length).padStart(3)}  per picture p50 ${ms(quantile(total, 0.5))}, p95 ${ms(quantile(total, 0.95))}  (decode + shrink p50 ${ms(quantile(decode, 0.5))})`;
}

export async function run(): Promise<void> {
  console.info(
    `${NSFW_MODEL_NAME}; ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(2)} (a shared machine: timings vary)`,
  );
  const loadStarted = performance.now();
  await nsfwModel();
  console.info(`model load (once per worker process): ${ms(performance.now() - loadStarted)}`);

  const images = seedImages();
  const seed: (Timed & { id: string; prompt: string })[] = [];
  for (const image of images) {
    const png = await drawPreview({ prompt: image.prompt, seed: image.seed, ...seedPictureSize(image) });
    seed.push({ id: image.id, prompt: image.prompt, ...(await timeOne(png)) });
  }
  const full: Timed[] = [];
  for (const image of images.slice(0, FULL_SIZE_SAMPLE)) {
    const { width, height } = image.ratio.value;
    full.push(await timeOne(await drawPreview({ prompt: image.prompt, seed: image.seed, width, height })));
  }
  console.info(timingRow('seed pictures (half size, as seeded)', seed));
  console.info(timingRow('full ratio size (1024×768 …)', full));

  const flagged = seed.filter((r) => judgeScores(r.scores, NSFW_MODEL_NAME).verdict === 'flagged');
  console.info(
    `\nfalse flags on the ${seed.length} seed pictures: ${flagged.length} (${pct(flagged.length / seed.length)}) at thresholds ` +
      `Porn+Hentai ≥ ${IMAGE_CHECK_THRESHOLDS.explicit}, Porn+Hentai+Sexy ≥ ${IMAGE_CHECK_THRESHOLDS.withSexy}`,
  );
  const top = (key: (s: NsfwScores) => number) => [...seed].sort((a, b) => key(b.scores) - key(a.scores)).slice(0, 5);
  const explicit = (s: NsfwScores) => s.Porn + s.Hentai;
  const withSexy = (s: NsfwScores) => s.Porn + s.Hentai + s.Sexy;
  for (const [name, key] of [
    ['Porn+Hentai', explicit],
    ['Porn+Hentai+Sexy', withSexy],
  ] as const) {
    console.info(`highest ${name} (the margin to the threshold):`);
    for (const r of top(key)) console.info(`  ${pct(key(r.scores)).padStart(6)}  ${r.id}  “${r.prompt.slice(0, 60)}”`);
  }
  const classes = new Map<string, number>();
  for (const r of seed) {
    const best = Object.entries(r.scores).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
    classes.set(best, (classes.get(best) ?? 0) + 1);
  }
  console.info(`top class over the seed: ${[...classes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  console.info('recall on explicit pictures: not measured (no explicit pictures here); the flag path is tested over given scores.');
}

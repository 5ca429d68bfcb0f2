import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/adapters/aws-clients';
import { config } from '../../lambdas/lib/config';
import { storeAd } from '../../lambdas/services/ads';
import { storeImage } from '../../lambdas/services/image-store';
import { CATEGORIES } from '../../shared/categories';
import { DEFAULT_CATEGORY } from '../../shared/constants';
import { ASPECT_RATIOS } from '../../shared/ratios';
import { drawPreview } from '../preview-renderer/draw';
import { drawAdBanner, SEED_ADS } from '../seed/ads';
import { CATEGORY_PROMPTS, FEATURED_PROMPTS } from '../seed/prompts';
import type { LocalPlugin } from './types';

/**
 * Seed content on the first local start: 12 featured images, 12 per category (operator-owned, so
 * they are featured too) and 6 ads, drawn by the preview renderer. Runs after the API answers, in
 * the background, two items at a time (2 cores). Every id is fixed, so an interrupted run finishes
 * on the next start without duplicates; a marker item makes a finished seed a single GetItem.
 * `SEED=0` turns it off.
 */
const SEED_MARKER = { pk: 'seed#marker', sk: 'meta' };
const SEED_VERSION = 1;
const CONCURRENCY = 2;
/** Seed pictures are drawn at half the ratio's size: same shape, a quarter of the pixels to draw and store. */
const SEED_SCALE = 0.5;

export interface SeedResult {
  skipped: boolean;
  /** True when a stop interrupted the run; it finishes on the next start. */
  interrupted?: boolean;
  images: number;
  ads: number;
  ms: number;
}

interface SeedImage {
  id: string;
  prompt: string;
  category: string;
  ratio: (typeof ASPECT_RATIOS)[number];
  seed: number;
}

export function seedImages(): SeedImage[] {
  const ratio = (i: number) => ASPECT_RATIOS[i % ASPECT_RATIOS.length] ?? ASPECT_RATIOS[0];
  const pad = (i: number) => String(i + 1).padStart(2, '0');
  const featured = FEATURED_PROMPTS.map((prompt, i) => ({
    id: `seed-featured-${pad(i)}`,
    prompt,
    category: DEFAULT_CATEGORY,
    ratio: ratio(i),
    seed: 1000 + i,
  }));
  const categories = CATEGORIES.flatMap((c, ci) =>
    (CATEGORY_PROMPTS[c.apiValue] ?? []).map((prompt, i) => ({
      id: `seed-${c.slug}-${pad(i)}`,
      prompt,
      category: c.apiValue,
      ratio: ratio(i + ci),
      seed: 2000 + ci * 100 + i,
    })),
  );
  return [...featured, ...categories];
}

/** The size a seed picture is drawn at (SEED_SCALE of its ratio's, a multiple of 8). */
export function seedPictureSize(image: Pick<SeedImage, 'ratio'>): { width: number; height: number } {
  return {
    width: Math.round((image.ratio.value.width * SEED_SCALE) / 8) * 8,
    height: Math.round((image.ratio.value.height * SEED_SCALE) / 8) * 8,
  };
}

async function pool<T>(items: T[], size: number, stop: () => boolean, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

export async function seedContent(log: (line: string) => void, stop: () => boolean = () => false): Promise<SeedResult> {
  const started = performance.now();
  const table = config().IMAGES_TABLE;
  const marker = await dynamo().send(new GetCommand({ TableName: table, Key: SEED_MARKER, ConsistentRead: true }));
  if (marker.Item) return { skipped: true, images: 0, ads: 0, ms: Math.round(performance.now() - started) };

  for (const ad of SEED_ADS) {
    await storeAd({ id: ad.id, webp: await drawAdBanner(ad), navigateUrl: ad.navigateUrl, alternateText: ad.alternateText });
  }
  const images = seedImages();
  log(`seed: drawing and storing ${images.length} images (${CONCURRENCY} at a time)…`);
  let stored = 0;
  await pool(images, CONCURRENCY, stop, async (image) => {
    const { width, height } = seedPictureSize(image);
    const png = await drawPreview({ prompt: image.prompt, seed: image.seed, width, height });
    await storeImage({
      id: image.id,
      png,
      prompt: image.prompt,
      aspectRatio: image.ratio.label,
      width,
      height,
      seed: image.seed,
      owner: { kind: 'admin' },
      category: image.category,
      renderer: 'preview',
    });
    stored++;
  });
  if (stop())
    return { skipped: false, interrupted: true, images: stored, ads: SEED_ADS.length, ms: Math.round(performance.now() - started) };
  const result = { skipped: false, images: images.length, ads: SEED_ADS.length, ms: Math.round(performance.now() - started) };
  await dynamo().send(
    new PutCommand({ TableName: table, Item: { ...SEED_MARKER, version: SEED_VERSION, seededAt: new Date().toISOString(), ...result } }),
  );
  return result;
}

let lastRun: Promise<SeedResult> | undefined;

/** The current process's seed run (tests await it). */
export function lastSeedRun(): Promise<SeedResult> | undefined {
  return lastRun;
}

export const seedPlugin: LocalPlugin = {
  name: 'seed',
  async start(ctx) {
    if (process.env.SEED === '0') return undefined;
    let stopping = false;
    return {
      afterReady: async () => {
        ctx.log('seed: checking for seed content in the background…');
        lastRun = seedContent(ctx.log, () => stopping).then(
          (r) => {
            if (r.skipped) ctx.log('seed: already seeded');
            else if (r.interrupted) ctx.log(`seed: interrupted after ${r.images} images; it finishes on the next start`);
            else ctx.log(`seed: stored ${r.images} images and ${r.ads} ads in ${r.ms} ms`);
            return r;
          },
          (err: Error) => {
            ctx.log(`seed failed: ${err.message}`);
            throw err;
          },
        );
        lastRun.catch(() => {});
      },
      stop: async () => {
        stopping = true;
        await lastRun?.catch(() => {});
      },
    };
  },
};

/**
 * Thumbnail encoding (StoreImage's extra work per picture, issue 25): the time sharp takes to make
 * the thumbnail widths from one 1024 px picture, in WebP (what StoreImage makes) and AVIF (what it
 * would take instead), median of RUNS. Decides whether AVIF is worth its encode time in the step.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { drawPreview } from '../local/preview-renderer/draw';
import { THUMBNAIL_MAX_WIDTH, THUMBNAIL_WIDTHS } from '../shared/thumbnails';

const RUNS = 7;
/** A recorded FLUX output (256 px, scaled up to 1024 here): more detail than a preview drawing, so a slower encode. */
const REAL_SAMPLE = join(import.meta.dirname, '../test/fixtures/comfyui/output_sample_downscaled.png');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function measure(encode: () => Promise<Buffer[]>): Promise<{ ms: number; bytes: number[] }> {
  const times: number[] = [];
  let bytes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = (await encode()).map((b) => b.length);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)] ?? Number.NaN, bytes };
}

async function table(name: string, png: Buffer) {
  const widths = (extra: readonly number[]) => (format: (s: Sharp) => Sharp) => () =>
    Promise.all(extra.map((width) => format(sharp(png).resize({ width, withoutEnlargement: true })).toBuffer()));
  const all = widths(THUMBNAIL_WIDTHS);
  const webp = (s: Sharp) => s.webp({ quality: 80, effort: 2 });
  const avif = (s: Sharp) => s.avif({ quality: 50, effort: 2 });
  const rows = [
    { encode: `WebP ${THUMBNAIL_MAX_WIDTH} px only (before)`, ...(await measure(widths([THUMBNAIL_MAX_WIDTH])(webp))) },
    { encode: `WebP ${THUMBNAIL_WIDTHS.join(' + ')} px`, ...(await measure(all(webp))) },
    { encode: `AVIF ${THUMBNAIL_WIDTHS.join(' + ')} px (effort 2)`, ...(await measure(all(avif))) },
  ];
  console.info(name);
  console.table(rows.map((r) => ({ encode: r.encode, 'median ms': Math.round(r.ms), sizes: r.bytes.map(kb).join(' / ') })));
}

export async function run(): Promise<void> {
  await table(
    '1024 px preview drawing',
    await drawPreview({ prompt: 'a lighthouse on a cliff at sunset', seed: 7, width: 1024, height: 1024 }),
  );
  if (existsSync(REAL_SAMPLE)) {
    await table('1024 px from a recorded FLUX output', await sharp(readFileSync(REAL_SAMPLE)).resize({ width: 1024 }).png().toBuffer());
  }
  console.info(`sharp concurrency ${sharp.concurrency()}, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`);
}

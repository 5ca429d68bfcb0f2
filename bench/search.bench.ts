/**
 * Search of the public pictures (issue 16): where the index lives, chosen by these figures for
 * 10,000 pictures. (a) the chosen design, an inverted index in the search Lambda's memory
 * (lambdas/services/search.ts): build time, heap, query time; the phone downloads only the answer.
 * (b) the alternative, a compact index shipped to the browser and searched there: its gzip size is
 * what every phone would download before its first search. Prompts are the seeded ones with a
 * varying tail, so the vocabulary grows as a real gallery's would.
 */
import { gzipSync } from 'node:zlib';
import { SearchIndex } from '../lambdas/services/search';
import { CATEGORY_PROMPTS, FEATURED_PROMPTS } from '../local/seed/prompts';
import type { GalleryImage } from '../shared/schemas/gallery';
import { galleryImage } from '../test/fixtures/gallery-images';

const N = 10_000;
const EXTRA = ['at dawn', 'in the rain', 'golden hour', 'long exposure', 'watercolor', 'cinematic', 'macro', 'isometric', 'misty', 'neon'];

function pictures(): GalleryImage[] {
  const prompts = [...FEATURED_PROMPTS, ...Object.values(CATEGORY_PROMPTS).flat()];
  const categories = Object.keys(CATEGORY_PROMPTS);
  return Array.from({ length: N }, (_, i) => {
    const id = `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
    return galleryImage(id, {
      prompt: `${prompts[i % prompts.length]}, ${EXTRA[i % EXTRA.length]} ${i % 97 === 0 ? `variant${i}` : ''}`.trim(),
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      category: categories[i % categories.length] ?? 'default',
      seed: i,
    });
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function run(): Promise<void> {
  const images = pictures();
  const t0 = performance.now();
  const index = new SearchIndex(images);
  const buildMs = performance.now() - t0;
  const queries = ['fox', 'red', 'mountain lake', 'nebula', 'sunset ocean', 'cat', 'castle in the', 'neon city', 'water', 'mis'];
  const times: number[] = [];
  let hits = 0;
  for (let round = 0; round < 50; round++) {
    for (const q of queries) {
      const t = performance.now();
      hits += index.search(q).total;
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  // The browser-side alternative: [id, prompt, category] per picture, the least a client index needs.
  const compact = JSON.stringify(images.map((i) => [i.id, i.prompt, i.category]));
  const answer = JSON.stringify(index.search('mountain'));
  console.table([
    { figure: 'pictures indexed', value: N.toLocaleString('en') },
    { figure: '(a) in-Lambda index: build', value: `${buildMs.toFixed(0)} ms` },
    {
      figure: '(a) query p50 / p95',
      value: `${pct(times, 50).toFixed(3)} / ${pct(times, 95).toFixed(3)} ms (${times.length} queries, ${hits} hits)`,
    },
    { figure: '(a) one answer on the wire (60 pictures, gzip)', value: `${(gzipSync(answer).length / 1024).toFixed(1)} kB` },
    {
      figure: '(b) browser index download (gzip)',
      value: `${(gzipSync(compact).length / 1024).toFixed(0)} kB (${(compact.length / 1024).toFixed(0)} kB raw) before the first search`,
    },
  ]);
}

/**
 * Renders one picture per preview-renderer theme, times each, and writes a contact sheet; then
 * draws 30 seeded pictures at 1024x768 (two per collection, two featured), times them and writes
 * them as a contact sheet with their prompts as captions.
 *   npm run preview:themes -- [outDir] [--sheet docs/screenshots/preview-themes.png] [--runs 5] [--seed 7]
 *     [--seed-sheet docs/screenshots/seed-contact-sheet.png]
 * Prints per theme the draw+encode time at 1920x816 (the ComfyUI-sized job): wall-clock median and
 * minimum, and the process's CPU time (user + system, sharp's threads included), which a busy shared
 * machine inflates less than wall time. Prints the load average too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { drawPreview } from '../local/preview-renderer/draw';
import { THEME_IDS, type ThemeId } from '../local/preview-renderer/themes';
import { CATEGORY_PROMPTS, FEATURED_PROMPTS } from '../local/seed/prompts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const sheet = flag('--sheet');
const seedSheet = flag('--seed-sheet') ?? 'docs/screenshots/seed-contact-sheet.png';
const runs = Number(flag('--runs') ?? 5);
const seedArg = Number(flag('--seed') ?? 7);
const out = args[0] ?? join(tmpdir(), 'preview-themes');
mkdirSync(out, { recursive: true });

/** A prompt per theme, as a user would write it (the default gets one no theme claims). */
const SAMPLE: Record<ThemeId, string> = {
  photography: 'Golden hour portrait of an old fisherman, shallow depth of field',
  adventures: 'Hiker on a narrow ridge at dawn',
  colorful: 'Colorful hot air balloons over a green valley',
  healthy: 'Fresh green salad bowl with avocado and lime',
  seascape: 'Waves crashing on black rocks at sunset',
  nature: 'Meadow of wildflowers in spring',
  space: 'Nebula glowing in magenta and teal',
  architecture: 'Glass skyscraper reflecting a blue sky',
  abstract: 'Flowing waves of gold and navy paint',
  vintage: 'Sepia photo of a steam train station',
  animals: 'Elephant family crossing a dusty plain',
  minimal: 'One red balloon in a pale sky',
  fantasy: 'Dragon circling a castle at sunset',
  mountains: 'Snowy peaks above a sea of clouds',
  default: 'Quiet thoughts of a Tuesday',
};

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${cpus().length} cores`,
);
// Full-colour tiles (a shared 256-colour palette dithers the skies badly), small enough to keep the sheet under 400 kB.
const TILE_W = 256;
const TILE_H = 109;
const tiles: Buffer[] = [];
for (const theme of THEME_IDS) {
  const req = { prompt: SAMPLE[theme], seed: seedArg, width: 1920, height: 816 };
  const times: number[] = [];
  const cpu: number[] = [];
  let png: Buffer = Buffer.alloc(0);
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    png = await drawPreview(req, theme);
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  writeFileSync(join(out, `${theme}.png`), png);
  console.log(
    `${theme.padEnd(13)} wall median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms  min ${times[0]?.toFixed(1)} ms  cpu median ${cpu[Math.floor(cpu.length / 2)]?.toFixed(1)} ms  (${runs} runs, 1920x816, ${Math.round(png.length / 1024)} kB)`,
  );
  tiles.push(await sharp(png).resize(TILE_W, TILE_H).png().toBuffer());
}

if (sheet) {
  const cols = 5;
  const tw = TILE_W;
  const th = TILE_H;
  const gap = 6;
  const labelH = 18;
  const rows = Math.ceil(tiles.length / cols);
  const width = cols * tw + (cols + 1) * gap;
  const height = rows * (th + labelH) + (rows + 1) * gap;
  const labels = THEME_IDS.map((id, i) => {
    const x = gap + (i % cols) * (tw + gap);
    const y = gap + Math.floor(i / cols) * (th + labelH + gap) + th + 13;
    return `<text x="${x + 2}" y="${y}" font-family="sans-serif" font-size="13" fill="#ddd">${id}</text>`;
  });
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join('')}</svg>`);
  const composite = tiles.map((input, i) => ({
    input,
    left: gap + (i % cols) * (tw + gap),
    top: gap + Math.floor(i / cols) * (th + labelH + gap),
  }));
  const png = await sharp({ create: { width, height, channels: 3, background: '#1b1b1f' } })
    .composite([...composite, { input: svg, left: 0, top: 0 }])
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  writeFileSync(sheet, png);
  console.log(`sheet ${sheet}: ${width}x${height}, ${Math.round(png.length / 1024)} kB`);
}
console.log(`pictures in ${out}`);

// The seeded galleries as a visitor first sees them: 30 pictures at 1024x768 with their prompts.
const seeded = [...FEATURED_PROMPTS.slice(0, 2), ...Object.values(CATEGORY_PROMPTS).flatMap((prompts) => prompts.slice(0, 2))].slice(0, 30);
const SEED_TILE_W = 288;
const SEED_TILE_H = 216;
const CAPTION_H = 40;
const seedTimes: number[] = [];
const seedTiles: Buffer[] = [];
for (const [i, prompt] of seeded.entries()) {
  const t0 = performance.now();
  const png = await drawPreview({ prompt, seed: 1000 + i, width: 1024, height: 768 });
  seedTimes.push(performance.now() - t0);
  seedTiles.push(await sharp(png).resize(SEED_TILE_W, SEED_TILE_H).png().toBuffer());
}
const sortedSeed = [...seedTimes].sort((a, b) => a - b);
console.log(
  `seeded pictures 1024x768 draw+encode: median ${sortedSeed[sortedSeed.length >> 1]?.toFixed(1)} ms, max ${sortedSeed.at(-1)?.toFixed(1)} ms (${seeded.length} pictures)`,
);
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Two caption lines of at most `max` characters, broken at spaces. */
function captionLines(text: string, max: number): string[] {
  const lines: string[] = [''];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (((lines[last] as string) + word).length > max && lines[last] !== '') lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.length > 2 ? [lines[0] as string, `${(lines[1] as string).slice(0, max - 1)}…`] : lines;
}
{
  const cols = 5;
  const gap = 8;
  const rows = Math.ceil(seedTiles.length / cols);
  const width = cols * SEED_TILE_W + (cols + 1) * gap;
  const height = rows * (SEED_TILE_H + CAPTION_H) + (rows + 1) * gap;
  const at = (i: number) => ({
    left: gap + (i % cols) * (SEED_TILE_W + gap),
    top: gap + Math.floor(i / cols) * (SEED_TILE_H + CAPTION_H + gap),
  });
  const captions = seeded.flatMap((prompt, i) =>
    captionLines(prompt, 42).map(
      (line, k) =>
        `<text x="${at(i).left + 2}" y="${at(i).top + SEED_TILE_H + 16 + k * 16}" font-family="sans-serif" font-size="13" fill="#e4e4e7">${escapeXml(line)}</text>`,
    ),
  );
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${captions.join('')}</svg>`);
  const png = await sharp({ create: { width, height, channels: 3, background: '#1b1b1f' } })
    .composite([...seedTiles.map((input, i) => ({ input, ...at(i) })), { input: svg, left: 0, top: 0 }])
    // A palette keeps 30 pictures under 1 MB in the repository; the per-theme sheet above stays full colour.
    .png({ palette: true, quality: 90, effort: 10, dither: 0.6 })
    .toBuffer();
  writeFileSync(seedSheet, png);
  console.log(`seed contact sheet ${seedSheet}: ${width}x${height}, ${Math.round(png.length / 1024)} kB`);
}

/**
 * Renders one picture per preview-renderer theme, times each, and writes a contact sheet.
 *   npm run preview:themes -- [outDir] [--sheet docs/screenshots/preview-themes.png] [--runs 5] [--seed 7]
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

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const sheet = flag('--sheet');
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

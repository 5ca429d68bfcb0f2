import sharp from 'sharp';

/**
 * The preview renderer's drawing: deterministic abstract art for (prompt, seed, size). No AI, no GPU:
 * colours come from the prompt's words (known colour words keep their colour, others hash to a hue),
 * the seed places the shapes. The colour field is computed at a quarter of the size and enlarged by
 * sharp (it is smooth, so nothing is lost), then crisp translucent SVG shapes go on top; this keeps
 * 1920x816 well under 300 ms (see bench/generation.bench.ts).
 */
export interface PreviewRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

const SCALE = 4;
const MAX_SIDE = 4096;

/** Hues (degrees) of words that name or strongly suggest a colour. */
const WORD_HUES: Record<string, number> = {
  red: 0,
  crimson: 350,
  rose: 340,
  pink: 330,
  magenta: 300,
  purple: 275,
  violet: 265,
  lavender: 255,
  indigo: 240,
  blue: 220,
  navy: 225,
  ocean: 200,
  sea: 195,
  sky: 205,
  water: 190,
  ice: 185,
  cyan: 180,
  teal: 170,
  turquoise: 172,
  emerald: 145,
  green: 120,
  forest: 110,
  leaf: 100,
  grass: 95,
  lime: 85,
  olive: 70,
  yellow: 52,
  gold: 45,
  golden: 45,
  sun: 42,
  sunny: 45,
  amber: 38,
  orange: 28,
  sunset: 18,
  autumn: 24,
  fire: 12,
  flame: 10,
  lava: 5,
  copper: 22,
  rust: 15,
  brown: 25,
  sand: 40,
  desert: 35,
  night: 235,
  space: 250,
  galaxy: 270,
  neon: 310,
  dream: 285,
  snow: 200,
  winter: 205,
  spring: 110,
};

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seeded PRNG (mulberry32): the same seed, the same sequence (also used by the fuzz tests). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Up to five hues from the prompt: colour words first, then hashed words. */
function paletteHues(prompt: string): number[] {
  const words = prompt.toLowerCase().match(/\p{L}{2,}/gu) ?? [];
  const named = words.flatMap((w) => (w in WORD_HUES ? [WORD_HUES[w] ?? 0] : []));
  const hashed = words.filter((w) => !(w in WORD_HUES) && w.length > 2).map((w) => hash32(w) % 360);
  const hues = [...named, ...hashed].slice(0, 5);
  if (hues.length === 0) hues.push(hash32(prompt) % 360);
  // Add an analogous companion so even a one-word palette has some movement.
  if (hues.length < 3) hues.push(((hues[0] ?? 0) + 35) % 360, ((hues[0] ?? 0) + 320) % 360);
  return hues;
}

interface Blob {
  x: number;
  y: number;
  r: number;
  colour: Rgb;
  weight: number;
}

/** Draws the picture and returns PNG bytes of exactly width x height. */
export async function drawPreview({ prompt, seed, width, height }: PreviewRequest): Promise<Buffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new RangeError(`Preview size must be 1..${MAX_SIDE} pixels per side, got ${width}x${height}.`);
  }
  const rand = mulberry32(hash32(`${prompt}\u0000${seed}\u0000${width}x${height}`));
  const hues = paletteHues(prompt);
  const pick = () => hues[Math.floor(rand() * hues.length)] ?? 0;
  const dark = rand() < 0.45;

  const bgA = hsl(pick(), 0.55 + rand() * 0.3, dark ? 0.12 + rand() * 0.1 : 0.55 + rand() * 0.15);
  const bgB = hsl(pick(), 0.5 + rand() * 0.35, dark ? 0.25 + rand() * 0.15 : 0.75 + rand() * 0.1);
  const angle = rand() * Math.PI * 2;
  const ax = Math.cos(angle);
  const ay = Math.sin(angle);
  // The colour field is smooth, so it is computed at a quarter size and enlarged (bilinear) by sharp.
  const sw = Math.max(1, Math.ceil(width / SCALE));
  const sh = Math.max(1, Math.ceil(height / SCALE));
  const big = Math.max(sw, sh);
  const blobs: Blob[] = Array.from({ length: 5 + Math.floor(rand() * 4) }, () => ({
    x: rand() * sw,
    y: rand() * sh,
    r: (0.15 + rand() * 0.35) * big,
    colour: hsl(pick() + (rand() - 0.5) * 30, 0.6 + rand() * 0.35, 0.35 + rand() * 0.35),
    weight: 0.55 + rand() * 0.45,
  }));
  const diag = Math.abs(ax) * sw + Math.abs(ay) * sh || 1;
  const field = Buffer.alloc(sw * sh * 3);
  let i = 0;
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const t = Math.min(1, Math.max(0, ((x - sw / 2) * ax + (y - sh / 2) * ay) / diag + 0.5));
      let r = bgA[0] + (bgB[0] - bgA[0]) * t;
      let g = bgA[1] + (bgB[1] - bgA[1]) * t;
      let b = bgA[2] + (bgB[2] - bgA[2]) * t;
      for (const blob of blobs) {
        const k = blob.weight * Math.exp(-((x - blob.x) ** 2 + (y - blob.y) ** 2) / (blob.r * blob.r));
        r += (blob.colour[0] - r) * k;
        g += (blob.colour[1] - g) * k;
        b += (blob.colour[2] - b) * k;
      }
      field[i++] = r;
      field[i++] = g;
      field[i++] = b;
    }
  }
  const pixels = await sharp(field, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .raw()
    .toBuffer();
  drawShapes(pixels, rand, hues, width, height, dark);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 2, adaptiveFiltering: false })
    .toBuffer();
}

/** Blends `colour` into pixel i with coverage a (0..1). */
function blend(px: Uint8Array, i: number, colour: Rgb, a: number): void {
  const r = px[i] as number;
  const g = px[i + 1] as number;
  const b = px[i + 2] as number;
  px[i] = r + (colour[0] - r) * a;
  px[i + 1] = g + (colour[1] - g) * a;
  px[i + 2] = b + (colour[2] - b) * a;
}

/** Crisp translucent discs and rings (anti-aliased) and a flowing dark band: the 'shapes' layer. */
function drawShapes(px: Uint8Array, rand: () => number, hues: number[], width: number, height: number, dark: boolean): void {
  const m = Math.min(width, height);
  const pick = () => hues[Math.floor(rand() * hues.length)] ?? 0;
  const light = dark ? 0.7 : 0.92;
  for (let s = 0, count = 3 + Math.floor(rand() * 4); s < count; s++) {
    const cx = rand() * width;
    const cy = rand() * height;
    const radius = (0.05 + rand() * 0.22) * m;
    const colour = hsl(pick(), 0.75, light);
    const ring = rand() < 0.5;
    const half = ring ? Math.max(0.75, m * (0.001 + rand() * 0.003)) : radius;
    const opacity = ring ? 0.25 + rand() * 0.3 : 0.08 + rand() * 0.14;
    const x0 = Math.max(0, Math.floor(cx - radius - half - 1));
    const x1 = Math.min(width - 1, Math.ceil(cx + radius + half + 1));
    const y0 = Math.max(0, Math.floor(cy - radius - half - 1));
    const y1 = Math.min(height - 1, Math.ceil(cy + radius + half + 1));
    for (let y = y0; y <= y1; y++) {
      const dy2 = (y - cy) * (y - cy);
      for (let x = x0; x <= x1; x++) {
        const d = Math.sqrt((x - cx) * (x - cx) + dy2);
        // Distance outside the shape's edge, with one pixel of anti-aliasing.
        const outside = ring ? Math.abs(d - radius) - half : d - radius;
        const cover = Math.min(1, Math.max(0, 0.5 - outside));
        if (cover > 0) blend(px, (y * width + x) * 3, colour, cover * opacity);
      }
    }
  }
  const base = height * (0.35 + rand() * 0.3);
  const amp = height * (0.06 + rand() * 0.1);
  const freq = (1 + rand() * 1.5) * Math.PI * 2;
  const phase = rand() * Math.PI * 2;
  const band = hsl(pick(), 0.6, dark ? 0.08 : 0.3);
  for (let x = 0; x < width; x++) {
    const edge = base + amp * Math.sin((x / width) * freq + phase);
    for (let y = Math.max(0, Math.floor(edge)); y < height; y++) {
      const cover = Math.min(1, Math.max(0, y - edge + 0.5));
      blend(px, (y * width + x) * 3, band, cover * 0.18);
    }
  }
}

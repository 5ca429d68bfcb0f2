/** Colour words and the per-picture context every scene gets. */
import type { Rgb } from './raster';

/** Hues (degrees) of words that name or strongly suggest a colour. */
const WORD_HUES: Record<string, number> = {
  red: 0,
  crimson: 350,
  ruby: 348,
  rose: 340,
  pink: 330,
  magenta: 300,
  purple: 275,
  violet: 265,
  lavender: 255,
  indigo: 240,
  blue: 220,
  navy: 225,
  cyan: 185,
  teal: 172,
  turquoise: 175,
  emerald: 145,
  green: 120,
  mint: 150,
  lime: 85,
  olive: 70,
  yellow: 52,
  gold: 45,
  golden: 45,
  amber: 38,
  orange: 28,
  copper: 22,
  rust: 15,
  brown: 25,
  silver: 210,
  grey: 210,
};

export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number between a and b from the picture's PRNG. */
export const between = (rand: () => number, a: number, b: number) => a + rand() * (b - a);

export interface SceneContext {
  prompt: string;
  /** The picture's PRNG (mulberry32 of prompt, seed and size). */
  rand: () => number;
  /** An integer for noise lattices, from the same inputs. */
  noiseSeed: number;
  /** Hues named in the prompt, in order (may be empty). */
  named: number[];
  /** Up to five hues: named ones first, then hashed words; never empty. */
  hues: number[];
  /** The prompt names subjects compose.ts draws: a scene leaves out its own stand-in figure (its fox, castle, portrait). */
  figures?: boolean;
  /** Time of day the prompt asks for, if any. */
  time: 'night' | 'dusk' | 'day' | undefined;
}

export type Scene = (r: import('./raster').Raster, ctx: SceneContext) => void;

const NIGHT = /\b(night|starry|stars|moon|moonlit|moonlight|aurora|northern lights|midnight|dark|neon|cyberpunk)\b/i;
const DUSK = /\b(sunset|dusk|dawn|sunrise|golden hour|evening|twilight|golden)\b/i;
const DAY = /\b(sunny|noon|summer|day|blue sky|morning)\b/i;

export function sceneContext(prompt: string, rand: () => number, noiseSeed: number): SceneContext {
  const words = prompt.toLowerCase().match(/\p{L}{2,}/gu) ?? [];
  const named = words.flatMap((w) => (w in WORD_HUES ? [WORD_HUES[w] ?? 0] : []));
  const hashed = words.filter((w) => !(w in WORD_HUES) && w.length > 3).map((w) => hash32(w) % 360);
  const hues = [...named, ...hashed].slice(0, 5);
  if (hues.length === 0) hues.push(hash32(prompt) % 360);
  if (hues.length < 3) hues.push(((hues[0] ?? 0) + 35) % 360, ((hues[0] ?? 0) + 320) % 360);
  const time = NIGHT.test(prompt) ? 'night' : DUSK.test(prompt) ? 'dusk' : DAY.test(prompt) ? 'day' : undefined;
  return { prompt, rand, noiseSeed, named, hues, time };
}

/** The prompt's time of day, or one of `fallback` picked by the seed. */
export function timeOf(ctx: SceneContext, fallback: ('night' | 'dusk' | 'day')[]): 'night' | 'dusk' | 'day' {
  return ctx.time ?? fallback[Math.floor(ctx.rand() * fallback.length)] ?? 'day';
}

/** Sky gradient stops (top → horizon) for a time of day, tinted by `shift` degrees. */
export function skyStops(time: 'night' | 'dusk' | 'day', shift: number, hsl: (h: number, s: number, l: number) => Rgb): Rgb[] {
  if (time === 'night') return [hsl(232 + shift, 0.55, 0.06), hsl(240 + shift, 0.45, 0.14), hsl(255 + shift, 0.4, 0.26)];
  if (time === 'dusk')
    return [hsl(235 + shift, 0.45, 0.3), hsl(320 + shift, 0.45, 0.55), hsl(25 + shift, 0.9, 0.66), hsl(42 + shift, 0.95, 0.75)];
  return [hsl(212 + shift, 0.65, 0.45), hsl(205 + shift, 0.6, 0.68), hsl(195 + shift, 0.45, 0.86)];
}

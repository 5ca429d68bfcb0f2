import sharp from 'sharp';
import { drawComposition, type Plan, planComposition } from './compose';
import { hash32, type Scene, sceneContext } from './palette';
import { Raster } from './raster';
import { animals, fantasy } from './scenes-figures';
import { adventures, mountains, nature, seascape } from './scenes-outdoor';
import { healthy, photography, vintage, vintageFinish } from './scenes-photo';
import { abstract, architecture, colorful, fallback, minimal, space } from './scenes-studio';
import { findSubjects } from './subjects';
import { classifyPrompt, type ThemeId } from './themes';

/**
 * The preview renderer's drawing: a deterministic picture for (prompt, seed, size). No AI, no GPU:
 * the prompt's words pick a theme (themes.ts: a starfield for space, snow-capped ridges for
 * mountains, …) and its colour words tint it; then the subjects it names (subjects.ts: a cat, a
 * lighthouse, rain, the moon…) are composed into that scene (compose.ts). The seed moves,
 * recolours and varies the shapes.
 * Drawn by a small software rasteriser (raster.ts) and encoded by sharp; 1920x816 takes tens of
 * milliseconds per theme (figures in docs/generation.md).
 */
export interface PreviewRequest {
  prompt: string;
  seed: number;
  width: number;
  height: number;
}

const MAX_SIDE = 4096;

const SCENES: Record<ThemeId, Scene> = {
  photography,
  adventures,
  colorful,
  healthy,
  seascape,
  nature,
  space,
  architecture,
  abstract,
  vintage,
  animals,
  minimal,
  fantasy,
  mountains,
  default: fallback,
};

/** A small seeded PRNG (mulberry32): the same seed, the same sequence, so a prompt always draws the same picture. */
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

/** Draws the picture as raw RGB (exported for the theme tools and tests; `theme` overrides the classifier). */
export function drawRaster({ prompt, seed, width, height }: PreviewRequest, theme: ThemeId = classifyPrompt(prompt)): Raster {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new RangeError(`Preview size must be 1..${MAX_SIDE} pixels per side, got ${width}x${height}.`);
  }
  return drawWithPlan({ prompt, seed, width, height }, theme).raster;
}

/** Draws the picture and returns the composition it placed (for tests and the contact sheet). */
export function drawWithPlan(
  { prompt, seed, width, height }: PreviewRequest,
  theme: ThemeId = classifyPrompt(prompt),
): { raster: Raster; plan: Plan } {
  const key = hash32(`${prompt}\u0000${seed}\u0000${width}x${height}`);
  const raster = new Raster(width, height);
  const ctx = { ...sceneContext(prompt, mulberry32(key), key), figures: findSubjects(prompt).some((f) => f.subject.shapes) };
  SCENES[theme](raster, ctx);
  const plan = planComposition(raster, ctx);
  drawComposition(raster, ctx, plan);
  if (theme === 'vintage' && ctx.figures) vintageFinish(raster, ctx);
  return { raster, plan };
}

/** Draws the picture and returns PNG bytes of exactly width x height. */
export async function drawPreview(request: PreviewRequest, theme?: ThemeId): Promise<Buffer> {
  const raster = drawRaster(request, theme);
  return sharp(Buffer.from(raster.px.buffer, raster.px.byteOffset, raster.px.byteLength), {
    raw: { width: raster.w, height: raster.h, channels: 3 },
  })
    .png({ compressionLevel: 2, adaptiveFiltering: false })
    .toBuffer();
}

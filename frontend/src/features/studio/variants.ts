import { MAX_PROMPT_LENGTH } from '@shared/constants';
import type { GalleryImage } from '@shared/schemas/gallery';
import { DEFAULT_VARIANTS, VARIANT_CHOICES } from '@shared/variants';
import { VARIANTS_KEY } from '../../lib/consent';
import { readText, writeText } from '../../lib/storage';

/*
 * Variants in the studio (issue 32 item 1): how many pictures a job asks for (remembered in the browser), the pictures
 * a job's status holds, and the style presets that add a visible phrase to the prompt.
 */

export type VariantChoice = (typeof VARIANT_CHOICES)[number];

const isChoice = (n: unknown): n is VariantChoice => VARIANT_CHOICES.some((c) => c === n);

/** The count the visitor last picked (a functionality preference: kept only with their consent), else the default. */
export function readVariantCount(): VariantChoice {
  const stored = Number(readText(VARIANTS_KEY));
  return isChoice(stored) ? stored : DEFAULT_VARIANTS;
}

export function rememberVariantCount(count: VariantChoice): void {
  writeText(VARIANTS_KEY, String(count));
}

/**
 * A job's finished pictures, in order: `images` when the API sends it, else the one `image` (an API before variants,
 * which answers only that).
 */
export function jobImages(job: {
  image?: GalleryImage | undefined;
  images?: readonly GalleryImage[] | undefined;
}): readonly GalleryImage[] {
  return job.images ?? (job.image ? [job.image] : []);
}

/** How many pictures the job makes: its own `count`, else what the studio asked for. */
export function jobCount(job: { jobId: string; count?: number | undefined }, asked: number): number {
  return job.count ?? asked;
}

/** A style preset: a chip that appends its phrase to the prompt, where the visitor sees (and may edit) it. */
export interface StylePreset {
  label: string;
  phrase: string;
}

export const STYLE_PRESETS: readonly StylePreset[] = [
  { label: 'Photo', phrase: 'photograph, natural light, sharp focus' },
  { label: 'Cinematic', phrase: 'cinematic lighting, 35mm film still' },
  { label: 'Watercolour', phrase: 'watercolour painting, soft washes on paper' },
  { label: 'Anime', phrase: 'anime style, cel shading' },
  { label: 'Pixel art', phrase: 'pixel art, 16-bit' },
  { label: 'Line drawing', phrase: 'line drawing, black ink on white' },
];

const SEPARATOR = ', ';

/** Whether the prompt holds the preset's phrase (as the chip added it, or typed). */
export const hasPreset = (prompt: string, preset: StylePreset): boolean => prompt.includes(preset.phrase);

/**
 * The prompt with the preset's phrase appended (after ', '), or taken out again when it is there; undefined when
 * appending would pass the prompt's limit.
 */
export function togglePreset(prompt: string, preset: StylePreset): string | undefined {
  const { phrase } = preset;
  if (hasPreset(prompt, preset)) {
    for (const form of [SEPARATOR + phrase, phrase + SEPARATOR, phrase]) {
      if (prompt.includes(form)) return prompt.replace(form, '');
    }
  }
  const base = prompt.trimEnd().replace(/,$/, '');
  const next = base ? base + SEPARATOR + phrase : phrase;
  return next.length > MAX_PROMPT_LENGTH ? undefined : next;
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawPreview, drawRaster, mulberry32 } from '../../../local/preview-renderer/draw';
import { CATEGORY_THEMES, classifyPrompt, THEME_IDS, type ThemeId } from '../../../local/preview-renderer/themes';
import { CATEGORY_PROMPTS, FEATURED_PROMPTS } from '../../../local/seed/prompts';
import { CATEGORIES } from '../../../shared/categories';
import { ASPECT_RATIOS } from '../../../shared/ratios';

describe('preview renderer theme classifier', () => {
  it('has a theme for every collection', () => {
    // Prepare
    const apiValues = CATEGORIES.map((c) => c.apiValue).sort();
    // Assess
    expect(Object.keys(CATEGORY_THEMES).sort()).toEqual(apiValues);
    expect(new Set(Object.values(CATEGORY_THEMES)).size).toBe(14);
  });

  it.each(Object.entries(CATEGORY_PROMPTS))('classifies every seeded %s prompt to its collection theme', (category, prompts) => {
    // Act
    const wrong = prompts.map((p) => [p, classifyPrompt(p)]).filter(([, theme]) => theme !== CATEGORY_THEMES[category]);
    // Assess
    expect(prompts.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('gives the featured prompts a fitting theme', () => {
    // Prepare
    const expected: Record<string, ThemeId> = {
      'Sailboat on the ocean under a colorful sunset': 'seascape',
      'Cozy cabin in a snowy forest at night': 'mountains',
      'Cyberpunk street with a taxi and neon signs in the rain': 'architecture',
      'Field of sunflowers under a blue sky': 'nature',
      'Koi fish in a clear green pond': 'animals',
      'Hot air balloon over golden hills': 'colorful',
      'Lighthouse under a starry sky': 'seascape',
      'Cup of coffee on a rainy window sill': 'photography',
      'Cherry blossom path in spring': 'nature',
      'Reindeer under the northern lights by a frozen lake': 'mountains',
      'Tropical beach with palm trees at sunset': 'seascape',
      'Red fox in an autumn forest': 'animals',
    };
    // Act
    const got = Object.fromEntries(FEATURED_PROMPTS.map((p) => [p, classifyPrompt(p)]));
    // Assess
    expect(got).toEqual(expected);
  });

  it('falls back to the default theme and weighs style over subject', () => {
    expect(classifyPrompt('Quiet thoughts of a Tuesday')).toBe('default');
    expect(classifyPrompt('')).toBe('default');
    expect(classifyPrompt('Portrait of a red fox in fresh snow')).toBe('photography');
    expect(classifyPrompt('Red fox in an autumn forest')).toBe('animals');
    expect(classifyPrompt('WAVES on the OCEAN')).toBe('seascape');
    // Whole words only: "seashell" is not "sea".
    expect(classifyPrompt('seashell')).toBe('default');
  });
});

describe('preview renderer drawing', () => {
  const req = { prompt: 'Nebula glowing in magenta and teal', seed: 42, width: 320, height: 136 };

  it('draws the same bytes for the same prompt, seed and size', async () => {
    // Act
    const [a, b] = await Promise.all([drawPreview(req), drawPreview({ ...req })]);
    // Assess
    expect(a.equals(b)).toBe(true);
  });

  it('draws different bytes for a different seed and a different prompt', async () => {
    // Act
    const [a, b, c] = await Promise.all([
      drawPreview(req),
      drawPreview({ ...req, seed: 43 }),
      drawPreview({ ...req, prompt: 'Snowy peaks above a sea of clouds' }),
    ]);
    // Assess
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
  });

  it.each(THEME_IDS)('draws the %s theme at every ratio with the exact size', async (theme) => {
    for (const ratio of ASPECT_RATIOS) {
      // Half size, as the seed draws them: the same code paths, a quarter of the pixels.
      const width = ratio.value.width / 2;
      const height = ratio.value.height / 2;
      // Act
      const png = await drawPreview({ prompt: `a ${theme} picture`, seed: 7, width, height }, theme);
      // Assess
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    }
  });

  it.each(THEME_IDS)('draws the %s theme at 1920x816 and at tiny sizes without error', (theme) => {
    for (const [width, height] of [
      [1920, 816],
      [1, 1],
      [3, 200],
      [200, 3],
    ] as const) {
      const raster = drawRaster({ prompt: 'x', seed: 1, width, height }, theme);
      expect(raster.px.length).toBe(width * height * 3);
    }
  });

  it('draws a picture, not a flat field (every theme uses more than a few colours)', () => {
    for (const theme of THEME_IDS) {
      const { px } = drawRaster({ prompt: 'x', seed: 3, width: 240, height: 102 }, theme);
      const colours = new Set<number>();
      for (let i = 0; i < px.length; i += 3) colours.add(((px[i] as number) << 16) | ((px[i + 1] as number) << 8) | (px[i + 2] as number));
      expect(colours.size, theme).toBeGreaterThan(20);
    }
  });

  it('rejects sizes outside 1..4096', async () => {
    await expect(drawPreview({ ...req, width: 0 })).rejects.toThrow(RangeError);
    await expect(drawPreview({ ...req, height: 4097 })).rejects.toThrow(RangeError);
    await expect(drawPreview({ ...req, width: 10.5 })).rejects.toThrow(RangeError);
  });

  it('keeps mulberry32 deterministic (the same prompt and seed draw the same picture)', () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect(seqA[0]).toBeCloseTo(0.7872516233474016, 12);
  });
});

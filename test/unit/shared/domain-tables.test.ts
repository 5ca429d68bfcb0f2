import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryBySlug,
  categoryByValue,
  categoryValueSchema,
  EMPTY_CATEGORY_TEXT,
  pageTitle,
} from '../../../shared/categories';
import { ASPECT_RATIOS, aspectRatioLabelSchema, DEFAULT_ASPECT_RATIO, ratioSize } from '../../../shared/ratios';

describe('aspect ratios (spec section 9)', () => {
  it.each([
    ['4:3', 1024, 768, 'Classic photo'],
    ['16:9', 1280, 720, 'Standard HD widescreen'],
    ['1:1', 1024, 1024, 'Square images'],
    ['2:3', 832, 1216, 'Portrait'],
    ['2.35:1', 1920, 816, 'Cinematic widescreen'],
    ['9:16', 720, 1280, 'Vertical story'],
  ])('%s is %ix%i (%s)', (label, width, height, description) => {
    expect(ratioSize(label)).toEqual({ width, height });
    expect(ASPECT_RATIOS.find((r) => r.label === label)?.description).toBe(description);
  });

  it('gives 512x512 for an unknown ratio and defaults to 4:3', () => {
    expect(ratioSize('3:1')).toEqual({ width: 512, height: 512 });
    expect(DEFAULT_ASPECT_RATIO).toBe('4:3');
    expect(aspectRatioLabelSchema.safeParse('3:1').success).toBe(false);
  });
});

describe('categories table', () => {
  it('has the 14 categories with unique slugs, values and storage keys', () => {
    expect(CATEGORIES).toHaveLength(14);
    for (const key of ['slug', 'apiValue'] as const) expect(new Set(CATEGORIES.map((c) => c[key])).size).toBe(14);
    expect(new Set(CATEGORIES.map((c) => c.storage.list)).size).toBe(14);
  });

  it.each([
    [
      'photography',
      'Photography',
      'The Art of AI Photography',
      'Load More Photography Images...',
      'allPhotographyMeta',
      'photographyLastUpdated',
      15,
    ],
    ['healthy', 'Healthy', "Nature's Healing Touch", 'Load More Healthy Images...', 'allHealthyMeta', 'healthyLastUpdated', 15],
    ['seascape', 'Seascape', 'The Soul of the Sea', 'Load More Seascape Images...', 'allSeascapeMeta', 'seascapeLastUpdated', 15],
    ['space', 'Space', 'The Edge of Infinity', 'Load More Space Images...', 'allSpacepeMeta', 'spaceLastUpdated', 5],
    ['minimal', 'Minimalist', 'The Beauty of Less', 'Load More Minimal Images...', 'allMinimalistMeta', 'minimalistLastUpdated', 15],
    ['mountains', 'Mountains', 'The Call of the Peaks', 'Load More Mountains Images...', 'allMountainsMeta', 'mountainsLastUpdated', 15],
  ])('%s keeps the spec values', (slug, value, hero, loadMore, listKey, stampKey, adEvery) => {
    const category = categoryBySlug(slug);
    expect(category).toMatchObject({
      apiValue: value,
      heroTitle: hero,
      loadMoreLabel: loadMore,
      storage: { list: listKey, lastUpdated: stampKey },
      adEvery,
    });
    expect(categoryByValue(value)?.slug).toBe(slug);
  });

  it('keeps the spec page titles with the product suffix', () => {
    expect(pageTitle(categoryBySlug('animals')?.pageTitle ?? '')).toBe('Animals & Wildlife Collection | Artloom');
    expect(categoryBySlug('fantasy')?.pageTitle).toBe('Fantasy Worlds Collection');
    expect(categoryBySlug('vintage')?.pageTitle).toBe('Vintage Image Collection');
  });

  it('puts the spec six in the navbar', () => {
    expect(CATEGORIES.filter((c) => c.inNavbar).map((c) => c.slug)).toEqual([
      'photography',
      'adventures',
      'colorful',
      'healthy',
      'seascape',
      'mountains',
    ]);
  });

  it('validates API values, not slugs', () => {
    expect(categoryValueSchema.safeParse('Minimalist').success).toBe(true);
    expect(categoryValueSchema.safeParse('minimal').success).toBe(false);
    expect(EMPTY_CATEGORY_TEXT).toBe('No photography images to display.');
  });
});

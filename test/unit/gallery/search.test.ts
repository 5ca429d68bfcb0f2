import { describe, expect, it } from 'vitest';
import { SearchIndex, tokenize } from '../../../lambdas/services/search';
import { galleryImage } from '../../fixtures/gallery-images';

const image = (id: string, prompt: string, day: number) =>
  galleryImage(id, { prompt, createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(), category: 'Space' });

const index = new SearchIndex([
  image('a', 'A red fox in the snow', 1),
  image('b', 'Nebula over a red desert, Café lights', 3),
  image('c', 'Foxglove flowers by a river', 2),
  image('d', 'Snowy mountains at dawn', 4),
]);
const ids = (q: string) => index.search(q).images.map((i) => i.id);

describe('search index', () => {
  it('tokenizes without case, accents or punctuation, dropping one-letter words', () => {
    expect(tokenize('A Café, NEBULA—über!')).toEqual(['cafe', 'nebula', 'uber']);
  });

  it('needs every word, newest first', () => {
    expect(ids('red')).toEqual(['b', 'a']);
    expect(ids('red fox')).toEqual(['a']);
    expect(ids('red dawn')).toEqual([]);
  });

  it('reads the last word as a prefix only (the visitor may still be typing)', () => {
    expect(ids('fox')).toEqual(['c', 'a']);
    expect(ids('fox snow')).toEqual(['a']);
    expect(ids('snow')).toEqual(['d', 'a']);
    expect(ids('cafe')).toEqual(['b']);
    expect(ids('CAFÉ')).toEqual(['b']);
  });

  it('matches a word by its stem: plurals and other endings find the word (issue 32)', () => {
    const stems = new SearchIndex([
      image('f', 'Two foxes painted in watercolor', 1),
      image('g', 'A city of flying wolves', 2),
      image('h', 'Painting a single fox', 3),
    ]);
    const found = (q: string) => stems.search(q).images.map((i) => i.id);
    expect(found('foxes')).toEqual(['h', 'f']);
    expect(found('fox')).toEqual(['h', 'f']);
    expect(found('painting foxes')).toEqual(['h', 'f']);
    expect(found('cities')).toEqual(['g']);
    expect(found('flies')).toEqual([]);
    expect(found('fly')).toEqual(['g']);
    expect(found('wolves city')).toEqual(['g']);
    // Not a stem of anything in the prompts: no loose matching beyond the stem and the last word's prefix.
    expect(found('foxy')).toEqual([]);
  });

  it('answers nothing for a query without words, and counts every match beyond the limit', () => {
    expect(index.search('!! ?')).toEqual({ images: [], total: 0 });
    const many = new SearchIndex(Array.from({ length: 100 }, (_, i) => image(`i${i}`, `tree number ${i}`, (i % 28) + 1)));
    const out = many.search('tree', 10);
    expect(out.images).toHaveLength(10);
    expect(out.total).toBe(100);
  });
});

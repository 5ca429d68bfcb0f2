import { describe, expect, it } from 'vitest';
import { withFirst } from '../../../frontend/src/features/categories/hooks/use-category-images';

const items = (ids: string) => [...ids].map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((i) => i.id).join('');

describe("a category grid's first picture (the one src/boot.ts preloaded)", () => {
  it('is swapped to the front of the shuffled list; an unknown or absent pick changes nothing', () => {
    expect(ids(withFirst(items('abcd'), 'c'))).toBe('cbad');
    expect(ids(withFirst(items('abcd'), 'a'))).toBe('abcd');
    expect(ids(withFirst(items('abcd'), 'z'))).toBe('abcd');
    expect(ids(withFirst(items('abcd'), undefined))).toBe('abcd');
    expect(ids(withFirst([], 'a'))).toBe('');
  });

  it('keeps the shuffle uniform: every shuffle of 3 with every pick gives each order equally often', () => {
    const orders = ['abc', 'acb', 'bac', 'bca', 'cab', 'cba'];
    const counts = new Map<string, number>();
    for (const order of orders)
      for (const pick of 'abc') {
        const out = ids(withFirst(items(order), pick));
        counts.set(out, (counts.get(out) ?? 0) + 1);
      }
    expect([...counts.values()]).toEqual(Array(6).fill(3));
  });
});

import { describe, expect, it } from 'vitest';
import { placeInColumns } from '../../../frontend/src/components/ui/masonry-grid';

const box = (width: number, height: number) => ({ width, height });

describe('masonry placement', () => {
  it('places each item once, in order within its column', () => {
    const items = [box(4, 3), box(16, 9), box(1, 1), box(2, 3), box(9, 16), box(4, 3), box(1, 1)];
    const cols = placeInColumns(items, 3);
    const indexes = cols.flat().map((c) => c.index);
    expect(indexes.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const col of cols) expect(col.map((c) => c.index)).toEqual([...col.map((c) => c.index)].sort((a, b) => a - b));
  });

  it('puts the next item in the shortest column', () => {
    // Column 0 gets a tall item, column 1 a short one: the third goes under the short one.
    const cols = placeInColumns([box(9, 16), box(16, 9), box(1, 1)], 2);
    expect(cols[1]?.map((c) => c.index)).toEqual([1, 2]);
  });

  it('never moves placed items when a page is appended (no layout shift on paging)', () => {
    const first = Array.from({ length: 25 }, (_, i) => box(4 + (i % 3), 3 + (i % 5)));
    const more = Array.from({ length: 25 }, (_, i) => box(16, 9 + (i % 7)));
    const before = placeInColumns(first, 5);
    const after = placeInColumns([...first, ...more], 5);
    before.forEach((col, c) => {
      expect(after[c]?.slice(0, col.length).map((x) => x.index)).toEqual(col.map((x) => x.index));
    });
  });

  it('uses one column when asked', () => {
    expect(placeInColumns([box(1, 1), box(1, 2)], 1)).toHaveLength(1);
  });
});

describe('placeInColumns with square tiles (home on phones, issue 32)', () => {
  it('takes turns whatever the shapes, so two columns end within one tile of each other', () => {
    const shapes = [
      { width: 9, height: 16 },
      { width: 16, height: 9 },
      { width: 16, height: 9 },
      { width: 16, height: 9 },
    ];
    expect(placeInColumns(shapes, 2, true).map((c) => c.map((t) => t.index))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    // By shape, the tall one weighs as much as the three wide ones.
    expect(placeInColumns(shapes, 2).map((c) => c.map((t) => t.index))).toEqual([[0], [1, 2, 3]]);
  });
});

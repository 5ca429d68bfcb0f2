import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCategoryMeta, getFeaturedCount, getImage, getSlots, queryAll } from '../../../lambdas/adapters/images-table';
import { setImageState } from '../../../lambdas/services/image-state';
import { deleteImage, storeImage } from '../../../lambdas/services/image-store';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** The featured sequence: n dense slots, distinct ids, each record knowing its position. */
async function featured(): Promise<string[]> {
  const n = await getFeaturedCount(true);
  const ids = (await getSlots([...Array(n).keys()])).map((s) => s.id);
  expect(ids).toHaveLength(n);
  expect(new Set(ids).size).toBe(n);
  for (const [seq, id] of ids.entries()) expect((await getImage(id, true))?.featuredSeq).toBe(seq);
  return ids;
}

describe('setImageState under concurrent operators', () => {
  it('keeps the featured sequence dense and the category counts right while hides, unfeatures, moves and deletes race', async () => {
    const inputs = await Promise.all(Array.from({ length: 10 }, () => newImage({ category: 'Abstract' })));
    await Promise.all(inputs.map(storeImage));
    const id = (i: number) => inputs[i]?.id ?? '';
    await Promise.all([
      setImageState(id(0), { hidden: true }, 'ops'),
      setImageState(id(1), { featured: false }, 'ops'),
      setImageState(id(2), { category: 'Animals' }, 'ops'),
      setImageState(id(3), { hidden: true }, 'ops'),
      deleteImage(id(4)),
      setImageState(id(5), { hidden: true, category: 'Animals' }, 'ops'),
      setImageState(id(6), { featured: false, category: 'Vintage' }, 'ops'),
    ]);
    const ids = await featured();
    for (const gone of [0, 1, 3, 4, 5, 6]) expect(ids).not.toContain(id(gone));
    for (const kept of [2, 7, 8, 9]) expect(ids).toContain(id(kept));
    const abstract = (await queryAll('gsi2', 'cat#Abstract')).map((i) => i.id);
    expect(abstract.sort()).toEqual([id(1), id(7), id(8), id(9)].sort());
    expect((await getCategoryMeta('Abstract', true))?.count).toBe(4);
    expect((await getCategoryMeta('Animals', true))?.count).toBe(1);
    expect((await getCategoryMeta('Vintage', true))?.count).toBe(1);

    // Back again, concurrently: unhide, feature; a hidden image deleted does not touch the counts twice.
    await Promise.all([
      setImageState(id(0), { hidden: false }, 'ops'),
      setImageState(id(1), { featured: true }, 'ops'),
      setImageState(id(6), { featured: true }, 'ops'),
      deleteImage(id(3)),
    ]);
    const again = await featured();
    for (const back of [0, 1, 6]) expect(again).toContain(id(back));
    expect(again).not.toContain(id(3));
    expect((await getCategoryMeta('Abstract', true))?.count).toBe(5);
    expect((await getCategoryMeta('Vintage', true))?.count).toBe(1);
  });

  it('writes nothing for a patch that changes nothing, and moves lastUpdated only for changes', async () => {
    const input = await newImage({ category: 'Minimalist' });
    await storeImage(input);
    const before = await getCategoryMeta('Minimalist', true);
    const same = await setImageState(input.id, { hidden: false, featured: true, category: 'Minimalist' }, 'ops');
    expect(same.after).toEqual(same.before);
    expect(await getCategoryMeta('Minimalist', true)).toEqual(before);
    await setImageState(input.id, { hidden: true }, 'ops');
    expect(((await getCategoryMeta('Minimalist', true))?.lastUpdated ?? '') > (before?.lastUpdated ?? '')).toBe(true);
  });
});

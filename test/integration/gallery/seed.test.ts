import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeaturedCount } from '../../../lambdas/adapters/images-table';
import { lastSeedRun, seedContent } from '../../../local/plugins/seed';
import { CATEGORIES } from '../../../shared/categories';
import { startTestApp, type TestApp } from '../../support/local-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ plugins: ['seed'] });
});
afterAll(async () => app.stop());

describe('seed plugin', () => {
  it('gives every category and the featured gallery at least 12 images and stores at least 6 ads, once', async () => {
    const run = await lastSeedRun();
    expect(run?.skipped).toBe(false);
    console.info(`seed: ${run?.images} images + ${run?.ads} ads in ${run?.ms} ms`);
    for (const category of CATEGORIES) {
      const list = (await (await app.api(`/api/gallery/category/all?category=${category.apiValue}`)).json()) as unknown[];
      expect(list.length, category.apiValue).toBeGreaterThanOrEqual(12);
      expect((await app.api(`/api/gallery/category/metadata?category=${category.apiValue}`)).status).toBe(200);
    }
    const featured = (await (await app.api('/api/gallery/admin?take=100')).json()) as unknown[];
    expect(featured.length).toBeGreaterThanOrEqual(12);
    const ads = (await (await app.api('/api/ads/all')).json()) as { imageUrl: string; navigateUrl: string }[];
    expect(ads.length).toBeGreaterThanOrEqual(6);
    expect((await app.api(ads[0]?.imageUrl ?? '')).headers.get('content-type')).toBe('image/webp');

    const countBefore = await getFeaturedCount(true);
    const again = await seedContent(() => {});
    expect(again.skipped).toBe(true);
    expect(await getFeaturedCount(true)).toBe(countBefore);
    expect(((await (await app.api('/api/ads/all')).json()) as unknown[]).length).toBe(ads.length);
  });
});

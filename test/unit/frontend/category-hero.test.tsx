// @vitest-environment happy-dom
import { CATEGORIES } from '@shared/category-table';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientImage } from '../../fixtures/client-images';

const images = Array.from({ length: 8 }, (_, i) => clientImage(`p-${i}`, { width: 768, height: 1024 }));
const slug = CATEGORIES[0]?.slug ?? '';

const grid = { images: images as typeof images, loading: false, started: true };
vi.mock('../../../frontend/src/features/categories/hooks/use-category-images', () => ({
  useCategoryImages: () => ({ ...grid, allLoaded: true, loadMore: async () => {} }),
}));
const ads = Array.from({ length: 4 }, (_, i) => ({
  id: `ad-${i}`,
  imageUrl: `https://files.test/ads/${i}.png`,
  navigateUrl: 'https://shop.test/',
  alternateText: `Ad ${i}`,
}));
vi.mock('../../../frontend/src/features/ads/hooks/use-ads', () => ({ useAds: () => ads }));
vi.mock('../../../frontend/src/components/ui/seo', () => ({ Seo: () => null }));
vi.mock('../../../frontend/src/config/paths', async () => ({ paths: (await import('../../../shared/site-routes')).STATIC_PATHS }));
// The page reads its address (the viewer's `?picture=`: use-picture-address.ts) and may change it; nothing here opens the viewer.
vi.mock('react-router-dom', () => ({
  useLocation: () => ({ pathname: `/${slug}`, search: '', hash: '', state: null }),
  useNavigate: () => () => {},
}));

afterEach(() => {
  cleanup();
  Object.assign(grid, { images, loading: false, started: true });
});

/** The grid's first picture has loaded (the page then lets the hero and the ads fetch theirs). */
function firstPictureIn(container: HTMLElement) {
  const first = container.querySelector('.masonry [data-index="0"] img');
  if (!first) throw new Error('no first tile');
  act(() => {
    fireEvent.load(first);
  });
}

describe("a category page's hero backdrop", () => {
  it("asks for its pictures at low priority once the grid's first picture is in, the three hidden on phones only when shown", async () => {
    const { default: CategoryRoute } = await import('../../../frontend/src/app/routes/category');
    const { container } = render(<CategoryRoute />);
    expect(container.querySelectorAll('.category-hero__backdrop img')).toHaveLength(0);
    firstPictureIn(container);
    const hero = [...container.querySelectorAll('.category-hero__backdrop img')];
    expect(hero).toHaveLength(6);
    expect(hero.map((img) => img.getAttribute('fetchpriority'))).toEqual(Array(6).fill('low'));
    expect(hero.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
  });

  it('on a phone, shows only empty ad boxes while the grid is still empty (their banners went before its first picture), then the ads after that picture', async () => {
    const { default: CategoryRoute } = await import('../../../frontend/src/app/routes/category');
    const matchMedia = window.matchMedia;
    const listeners = { addEventListener: () => {}, removeEventListener: () => {} };
    window.matchMedia = ((query: string) => ({ ...listeners, media: query, matches: true })) as unknown as typeof window.matchMedia;
    try {
      Object.assign(grid, { images: [], loading: true, started: true });
      const loading = render(<CategoryRoute />);
      expect(loading.container.querySelectorAll('.ad-tile--placeholder').length).toBeGreaterThan(0);
      expect(loading.container.querySelectorAll('.ad-tile:not(.ad-tile--placeholder), .ad-grid img')).toHaveLength(0);
      loading.unmount();
      Object.assign(grid, { images, loading: false });
      const { container } = render(<CategoryRoute />);
      const first = container.querySelector('.ad-grid');
      expect(first?.previousElementSibling?.classList.contains('tile')).toBe(true);
      expect(first?.querySelectorAll('img').length).toBeGreaterThan(0);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

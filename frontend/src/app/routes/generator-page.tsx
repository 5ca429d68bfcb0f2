import type { ClientImage } from '@shared/client-image';
import { ADS, BREAKPOINTS, PAGE_SIZE, SCROLL, STORAGE_KEYS } from '@shared/constants';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { AdGrid, useGridAds } from '../../features/ads/components/ad-grid';
import { LazyAdPopup } from '../../features/ads/components/lazy-ad-popup';
import { useAds } from '../../features/ads/hooks/use-ads';
import { fetchFeaturedImages, fetchUserImages } from '../../features/gallery/api/gallery-api';
import { type GalleryTab, GalleryTabs } from '../../features/gallery/components/gallery-tabs';
import { ShowcaseWall } from '../../features/gallery/components/showcase-wall';
import { HOME_RANK, useClaim, useClaimed } from '../../features/gallery/home-once';
import { useInfiniteScroll } from '../../features/gallery/hooks/use-infinite-scroll';
import { type PagedImages, usePagedImages } from '../../features/gallery/hooks/use-paged-images';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { usePictureAddress } from '../../features/lightbox/hooks/use-picture-address';
import { useViewCounter } from '../../features/lightbox/hooks/use-view-counter';
import { Studio } from '../../features/studio/components/studio';
import { useHydrated } from '../../lib/use-hydrated';
import { getVisitor, markReturning, PRERENDER_VISITOR } from '../../lib/visitor';
import './generator-page.css';

/** The wall's cells (features/gallery/components/showcase-wall.tsx): the featured list's first pictures. */
const WALL = 9;
/** Home shows this many of a gallery's pictures (two rows of five; three rows of two on phones), then more per Load More. */
const HOME_SHOWN = 10;
const HOME_SHOWN_PHONE = 6;
/** A phone's width (one masonry column elsewhere): read once, in the browser; the prerender holds no pictures. */
const onPhone = () => typeof window !== 'undefined' && window.matchMedia(`(max-width: ${BREAKPOINTS.masonryOneColumn}px)`).matches;

/**
 * On home, a gallery shows its first `HOME_SHOWN` pictures and grows by a page per Load More (no infinite scroll: the
 * footer and home's sections below stay in reach); off home, the list as it is.
 */
function useHomeShown(list: PagedImages, images: ClientImage[], home: boolean): PagedImages {
  const [shown, setShown] = useState(() => (onPhone() ? HOME_SHOWN_PHONE : HOME_SHOWN));
  if (!home) return list;
  return {
    ...list,
    images: images.slice(0, shown),
    hasMore: list.hasMore || shown < images.length,
    loadMore: async () => {
      const next = shown + PAGE_SIZE.generator;
      if (next > images.length && list.hasMore) await list.loadMore();
      setShown(next);
    },
  };
}

// Shows only after scrolling: its own chunk.
const BackToTop = lazy(() => import('../../components/ui/back-to-top').then((m) => ({ default: m.BackToTop })));
// One element for every render: the page re-renders as its lists and ads arrive, and a new element reaching this
// boundary before React hydrated it (its chunk still on its way) made React hydrate it at sync priority in one long
// task (layout/root-layout.tsx, SHELL_PARTS).
const BACK_TO_TOP = (
  <Suspense fallback={null}>
    <BackToTop threshold={SCROLL.backToTopGenerator} />
  </Suspense>
);

/**
 * The generator (home and /generate): studio, ads, the two tabs and the lightbox, wired as the
 * spec's section 4 says for new and returning visitors. On home (`home`) each picture shows once: the wall takes the
 * featured list's first nine and the Featured grid the rest (features/gallery/home-once.ts), a few at a time.
 */
export function GeneratorPage({ home = false }: { home?: boolean }) {
  // Hydrating home's prerender, render what it holds (a new visitor's page); the stored visitor follows.
  const visitor = useHydrated(true) ? getVisitor() : PRERENDER_VISITOR;
  const [ownAfterSuccess, setHasOwn] = useState(false);
  const hasOwn = ownAfterSuccess || !visitor.isNew;
  // Until a tab is chosen: a returning visitor starts on their own tab, a new one on the featured tab.
  const [chosen, setActive] = useState<GalleryTab | null>(null);
  const active: GalleryTab = chosen ?? (hasOwn ? 'mine' : 'featured');
  const fetchMine = useCallback((page: number, signal: AbortSignal) => fetchUserImages(visitor.userId, page, signal), [visitor.userId]);
  const mine = usePagedImages(fetchMine, hasOwn, STORAGE_KEYS.imageMetadata);
  const featured = usePagedImages(fetchFeaturedImages, true);
  const [adOpen, setAdOpen] = useState(false);
  // The studio's last job, as its tiles opened it (the viewer steps through its pictures).
  const [job, setJob] = useState<readonly ClientImage[]>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const ads = useAds();
  const gridAds = useGridAds(ads);
  const countView = useViewCounter(
    ADS.popupEvery,
    useCallback(() => {
      if (ads?.length) setAdOpen(true);
    }, [ads]),
  );

  // A returning visitor with no images of their own falls back to the featured list.
  const mineEmpty = hasOwn && mine.loaded && !mine.loading && mine.images.length === 0;
  const showMine = hasOwn && !mineEmpty;
  const activeTab: GalleryTab = showMine ? active : 'featured';
  const wall = featured.images.slice(0, WALL);
  const mineShown = useHomeShown(mine, mine.images, home);
  const featuredShown = useHomeShown(featured, home ? featured.images.slice(WALL) : featured.images, home);
  useClaim(HOME_RANK.wall, home, wall);
  useClaim(HOME_RANK.grid, home, activeTab === 'featured' ? featuredShown.images : []);
  const activeList = activeTab === 'mine' ? mineShown : featuredShown;
  // The open picture is in the address (?picture=<id>), in the list it was opened from (paging while open keeps Next
  // working); only the visitor's own list offers Share.
  // On home, also the AI images section's (home-extras.tsx, another chunk), which opens its pictures by their address.
  const aiImages = useClaimed(HOME_RANK.ai);
  const { viewer, open, move, close } = usePictureAddress(
    {
      job: { images: job, own: true },
      mine: { images: mine.images, own: true },
      featured: { images: featuredShown.images },
      wall: { images: wall },
      ai: { images: home ? aiImages : [] },
    },
    featured.loaded && (!hasOwn || mine.loaded),
  );
  useInfiniteScroll(activeList.loadMore, !home && activeList.hasMore && !viewer);

  // A job's pictures go first in My AI Creations, in order; one opens in the viewer at once, several stay in the studio's
  // grid (its tiles open them, with the job's pictures to step through: the `job` list).
  const onGenerated = useCallback(
    (images: readonly ClientImage[]) => {
      markReturning();
      setHasOwn(true);
      for (const image of [...images].reverse()) mine.prepend(image);
      setActive('mine');
      if (images.length !== 1 || !images[0]) return;
      open('mine', images[0]);
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    },
    [mine.prepend, open],
  );
  const openJob = useCallback(
    (images: readonly ClientImage[], index: number) => {
      setJob(images);
      if (images[index]) open('job', images[index]);
    },
    [open],
  );

  return (
    <>
      <div className="hero-studio">
        <Studio onGenerated={onGenerated} onOpen={openJob} />
        <ShowcaseWall images={wall} onOpen={(index) => wall[index] && open('wall', wall[index])} />
      </div>
      <AdGrid ads={gridAds.top} label="Sponsored (above the gallery)" loading={!ads} />
      <GalleryTabs
        mine={mineShown}
        featured={featuredShown}
        active={activeTab}
        showMine={showMine}
        onActiveChange={setActive}
        onOpen={(images, index) => images[index] && open(activeTab, images[index])}
        panelRef={panelRef}
        twoOnPhones={home}
      />
      <AdGrid ads={gridAds.bottom} label="Sponsored (below the gallery)" loading={!ads} />
      {viewer && (
        <LazyLightbox
          images={viewer.images}
          index={viewer.index}
          onIndexChange={move}
          onClose={close}
          onMove={countView}
          paused={adOpen}
          own={viewer.own}
        />
      )}
      {adOpen && ads && <LazyAdPopup ads={ads} onClose={() => setAdOpen(false)} />}
      {BACK_TO_TOP}
    </>
  );
}

import { ADS, SCROLL, STORAGE_KEYS } from '@shared/constants';
import type { ClientImage } from '@shared/schemas/gallery';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { AdGrid, useGridAds } from '../../features/ads/components/ad-grid';
import { LazyAdPopup } from '../../features/ads/components/lazy-ad-popup';
import { useAds } from '../../features/ads/hooks/use-ads';
import { fetchFeaturedImages, fetchUserImages } from '../../features/gallery/api/gallery-api';
import { type GalleryTab, GalleryTabs } from '../../features/gallery/components/gallery-tabs';
import { ShowcaseWall } from '../../features/gallery/components/showcase-wall';
import { useInfiniteScroll } from '../../features/gallery/hooks/use-infinite-scroll';
import { usePagedImages } from '../../features/gallery/hooks/use-paged-images';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { useViewCounter } from '../../features/lightbox/hooks/use-view-counter';
import { Studio } from '../../features/studio/components/studio';
import { useHydrated } from '../../lib/use-hydrated';
import { getVisitor, markReturning, PRERENDER_VISITOR } from '../../lib/visitor';
import './generator-page.css';

// Shows only after scrolling: its own chunk.
const BackToTop = lazy(() => import('../../components/ui/back-to-top').then((m) => ({ default: m.BackToTop })));

/** The viewer follows the list it was opened on (so paging while open keeps next working). */
interface Viewer {
  tab: GalleryTab;
  index: number;
}

/**
 * The generator (home and /generate): studio, ads, the two tabs and the lightbox, wired as the
 * spec's section 4 says for new and returning visitors.
 */
export function GeneratorPage() {
  // Hydrating home's prerender, render what it holds (a new visitor's page); the stored visitor follows.
  const visitor = useHydrated() ? getVisitor() : PRERENDER_VISITOR;
  const [ownAfterSuccess, setHasOwn] = useState(false);
  const hasOwn = ownAfterSuccess || !visitor.isNew;
  // Until a tab is chosen: a returning visitor starts on their own tab, a new one on the featured tab.
  const [chosen, setActive] = useState<GalleryTab | null>(null);
  const active: GalleryTab = chosen ?? (hasOwn ? 'mine' : 'featured');
  const fetchMine = useCallback((page: number, signal: AbortSignal) => fetchUserImages(visitor.userId, page, signal), [visitor.userId]);
  const mine = usePagedImages(fetchMine, hasOwn, STORAGE_KEYS.imageMetadata);
  const featured = usePagedImages(fetchFeaturedImages, true);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [adOpen, setAdOpen] = useState(false);
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
  const activeList = activeTab === 'mine' ? mine : featured;
  useInfiniteScroll(activeList.loadMore, activeList.hasMore && !viewer);

  const onGenerated = useCallback(
    (image: ClientImage) => {
      markReturning();
      setHasOwn(true);
      mine.prepend(image);
      setActive('mine');
      setViewer({ tab: 'mine', index: 0 });
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    },
    [mine.prepend],
  );

  const viewerImages = viewer && (viewer.tab === 'mine' ? mine.images : featured.images);

  return (
    <>
      <div className="hero-studio">
        <Studio onGenerated={onGenerated} />
        <ShowcaseWall images={featured.images} onOpen={(index) => setViewer({ tab: 'featured', index })} />
      </div>
      <AdGrid ads={gridAds.top} label="Sponsored (above the gallery)" loading={!ads} />
      <GalleryTabs
        mine={mine}
        featured={featured}
        active={activeTab}
        showMine={showMine}
        onActiveChange={setActive}
        onOpen={(_images, index) => setViewer({ tab: activeTab, index })}
        panelRef={panelRef}
      />
      <AdGrid ads={gridAds.bottom} label="Sponsored (below the gallery)" loading={!ads} />
      {viewer && viewerImages && (
        <LazyLightbox
          images={viewerImages}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ tab: viewer.tab, index })}
          onClose={() => setViewer(null)}
          onMove={countView}
          paused={adOpen}
          own={viewer.tab === 'mine'}
        />
      )}
      {adOpen && ads && <LazyAdPopup ads={ads} onClose={() => setAdOpen(false)} />}
      <Suspense fallback={null}>
        <BackToTop threshold={SCROLL.backToTopGenerator} />
      </Suspense>
    </>
  );
}

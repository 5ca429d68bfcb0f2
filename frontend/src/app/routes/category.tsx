import { type Category, categoryBySlug, categoryDescription, EMPTY_CATEGORY_TEXT, END_OF_GALLERY_TEXT } from '@shared/category-table';
import { SCROLL } from '@shared/constants';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BackToTop } from '../../components/ui/back-to-top';
import { MasonryGrid, useColumnCount } from '../../components/ui/masonry-grid';
import { Seo } from '../../components/ui/seo';
import { Spinner } from '../../components/ui/spinner';
import { thumbnailSources } from '../../components/ui/thumbnail';
import { AdGrid, useGridAds } from '../../features/ads/components/ad-grid';
import { LazyAdPopup } from '../../features/ads/components/lazy-ad-popup';
import { useAds } from '../../features/ads/hooks/use-ads';
import { useCategoryImages } from '../../features/categories/hooks/use-category-images';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { usePictureAddress } from '../../features/lightbox/hooks/use-picture-address';
import { useViewCounter } from '../../features/lightbox/hooks/use-view-counter';
import './category.css';

/** Pictures in the hero's backdrop (6 across; 3 on phones). */
const HERO_PICTURES = 6;
const HERO_PHONE_PICTURES = 3;
const HERO_PICTURE_SIZES = '(min-width: 768px) 17vw, 34vw';

function CategoryView({ category }: { category: Category }) {
  const { images, loading, allLoaded, started, loadMore } = useCategoryImages(category);
  const ads = useAds();
  const gridAds = useGridAds(ads);
  const [adOpen, setAdOpen] = useState(false);
  const countView = useViewCounter(
    category.adEvery,
    useCallback(() => {
      if (ads?.length) setAdOpen(true);
    }, [ads]),
  );
  const gridId = `${category.slug}-grid`;
  // The open picture is in the address (?picture=<id>): Back closes it, a link or a reload opens it.
  const { viewer, open, move, close } = usePictureAddress({ grid: { images } }, started && !loading);
  // Phones (one column): the top ads come after the first picture, so the page opens on the gallery (issue 25: the
  // picture, not an ad, is the LCP); wider screens keep them above the grid.
  // Never above the grid there, even before the pictures come: leaving that place would move the grid.
  const phone = useColumnCount() === 1;
  const adsAfterFirstTile = phone && images.length > 0;
  // Until the grid has pictures (or is known empty) the ad grids hold their places with empty boxes: in view below an
  // empty grid, their banners were fetched before its first picture. They then load beside that picture (a phone's
  // first screen shows it and the top ads; the larger of the two is the page's LCP), while the hero's backdrop waits
  // for the picture to arrive: fetched beside it, its pictures slowed the LCP on a phone's connection (issue 25).
  const [firstShown, setFirstShown] = useState(false);
  const onFirstPicture = useCallback(() => setFirstShown(true), []);
  const gridSettled = images.length > 0 || (started && !loading);
  const topAds = (inGallery: boolean) => (
    <AdGrid
      ads={gridAds.top}
      label={inGallery ? 'Sponsored (after the first picture)' : 'Sponsored (above the gallery)'}
      loading={!ads || !gridSettled}
      // In the first screen on every width (on a phone right after the first picture): asked for at render, not once
      // layout has found them in view; when a top ad is larger than that picture (a 2.35:1 one), it is the LCP.
      eager
      inGallery={inGallery}
    />
  );

  return (
    <>
      <Seo
        title={category.pageTitle}
        description={categoryDescription(category)}
        keywords={`${category.navLabel} images, AI ${category.navLabel.toLowerCase()} art, AI image collection`}
      />
      <header className="category-hero">
        {/* The collection's own pictures behind the title: the page opens on images, not on text. */}
        <div className="category-hero__backdrop" aria-hidden="true">
          {/* After the grid's first picture (the LCP); on phones the last three are hidden (category.css), so lazy: never fetched there. */}
          {(firstShown ? images.slice(0, HERO_PICTURES) : []).map((image, i) => (
            <img
              key={image.id}
              {...thumbnailSources(image, HERO_PICTURE_SIZES)}
              alt=""
              decoding="async"
              fetchPriority="low"
              loading={i < HERO_PHONE_PICTURES ? 'eager' : 'lazy'}
            />
          ))}
        </div>
        <h1>{category.heroTitle}</h1>
        <p>{category.tagline}</p>
        <button
          type="button"
          className="category-hero__arrow round-button"
          aria-label="Scroll to the gallery"
          onClick={() => document.getElementById(gridId)?.scrollIntoView({ behavior: 'smooth' })}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </header>
      <div className="container">
        {!phone && topAds(false)}
        <section id={gridId} aria-label={`${category.navLabel} images`} className="category-grid">
          {images.length > 0 && (
            <MasonryGrid
              images={images}
              label={`${category.navLabel} images`}
              onOpen={(i) => images[i] && open('grid', images[i])}
              afterFirstTile={adsAfterFirstTile && topAds(true)}
              onFirstPicture={onFirstPicture}
            />
          )}
          {loading && images.length === 0 && <Spinner />}
          {started && !loading && images.length === 0 && <p className="empty">{EMPTY_CATEGORY_TEXT}</p>}
          {images.length > 0 && !allLoaded && (
            <div className="load-more">
              <button type="button" className="btn" disabled={loading} onClick={() => void loadMore()}>
                {loading ? 'Loading...' : category.loadMoreLabel}
              </button>
            </div>
          )}
          {images.length > 0 && allLoaded && <p className="end-text">{END_OF_GALLERY_TEXT}</p>}
        </section>
        {phone && images.length === 0 && topAds(false)}
        <AdGrid ads={gridAds.bottom} label="Sponsored (below the gallery)" loading={!ads || !gridSettled} />
      </div>
      {viewer && (
        <LazyLightbox images={viewer.images} index={viewer.index} onIndexChange={move} onClose={close} onMove={countView} paused={adOpen} />
      )}
      {adOpen && ads && <LazyAdPopup ads={ads} onClose={() => setAdOpen(false)} />}
      <BackToTop threshold={SCROLL.backToTopCollections} />
    </>
  );
}

// Only for a path the route table sends here without a category (never, while both come from the one table): its own chunk.
const NotFoundPage = lazy(() => import('./not-found'));

/** Every category route renders this (one shared chunk); the path names the category. */
export default function CategoryRoute() {
  const category = categoryBySlug(useLocation().pathname.replace(/^\/+|\/+$/g, ''));
  return category ? (
    <CategoryView key={category.slug} category={category} />
  ) : (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

import type { ClientImage } from '@shared/client-image';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { PagedImages } from '../hooks/use-paged-images';

export interface GalleryPanelProps {
  list: PagedImages;
  label: string;
  emptyText: string;
  onOpen: (images: readonly ClientImage[], index: number) => void;
  /** Two columns even on phones (home). */
  twoOnPhones?: boolean;
}

// The grid draws only once a page of images has answered: its own chunk, fetched when the panel mounts.
const loadMasonry = () => import('../../../components/ui/masonry-grid').then((m) => ({ default: m.MasonryGrid }));
const MasonryGrid = lazy(loadMasonry);

/** One gallery: masonry grid, spinner while loading, empty text, and 'Load More'. */
export function GalleryPanel({ list, label, emptyText, onOpen, twoOnPhones }: GalleryPanelProps) {
  useEffect(() => {
    void loadMasonry().catch(() => {});
  }, []);
  return (
    <>
      {list.images.length > 0 && (
        <Suspense fallback={<Spinner label={`Loading ${label}…`} />}>
          <MasonryGrid images={list.images} label={label} onOpen={(index) => onOpen(list.images, index)} twoOnPhones={twoOnPhones} />
        </Suspense>
      )}
      {list.loading && <Spinner label={`Loading ${label}…`} />}
      {list.loaded && !list.loading && list.images.length === 0 && <p className="empty">{emptyText}</p>}
      {list.loaded && list.hasMore && list.images.length > 0 && (
        <div className="load-more">
          <button type="button" className="btn" disabled={list.loading} onClick={() => void list.loadMore()}>
            {list.loading ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}

import type { ClientImage } from '../../../../../shared/schemas/gallery';
import { MasonryGrid } from '../../../components/ui/masonry-grid';
import { Spinner } from '../../../components/ui/spinner';
import type { PagedImages } from '../hooks/use-paged-images';

export interface GalleryPanelProps {
  list: PagedImages;
  label: string;
  emptyText: string;
  onOpen: (images: readonly ClientImage[], index: number) => void;
}

/** One gallery: masonry grid, spinner while loading, empty text, and 'Load More'. */
export function GalleryPanel({ list, label, emptyText, onOpen }: GalleryPanelProps) {
  return (
    <>
      {list.images.length > 0 && <MasonryGrid images={list.images} label={label} onOpen={(index) => onOpen(list.images, index)} />}
      {list.loading && <Spinner label={`Loading ${label}…`} />}
      {list.loaded && !list.loading && list.images.length === 0 && <p className="empty">{emptyText}</p>}
      {list.loaded && list.hasMore && list.images.length > 0 && (
        <div className="load-more">
          <button type="button" className="btn" disabled={list.loading} onClick={list.loadMore}>
            {list.loading ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}

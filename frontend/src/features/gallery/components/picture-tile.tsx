import type { ClientImage } from '@shared/client-image';
import { thumbnailSources } from '../../../components/ui/thumbnail';
import '../gallery.css';

/** A wall cell: a quarter of a phone's width, about 200 px beside the studio (gallery.css). */
const WALL_TILE_SIZES = '(min-width: 992px) 200px, 25vw';

/** A square picture that opens the viewer, its prompt one hover or focus away (the wall, home's 'AI images'). */
export function PictureTile({ image, onOpen, eager = false }: { image: ClientImage; onOpen: () => void; eager?: boolean }) {
  return (
    <button type="button" className="wall__tile" aria-label={`Open image: ${image.prompt}`} onClick={onOpen}>
      <img
        {...thumbnailSources(image, WALL_TILE_SIZES)}
        alt={image.prompt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : 'auto'}
      />
      <span className="tile-caption tile-caption--hover wall__caption" aria-hidden="true">
        {image.prompt}
      </span>
    </button>
  );
}

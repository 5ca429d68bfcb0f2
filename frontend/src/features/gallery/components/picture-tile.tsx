import type { ClientImage } from '@shared/schemas/gallery';
import '../gallery.css';

/** A square picture that opens the viewer, its prompt one hover or focus away (the wall, home's 'AI images'). */
export function PictureTile({ image, onOpen, eager = false }: { image: ClientImage; onOpen: () => void; eager?: boolean }) {
  return (
    <button type="button" className="wall__tile" aria-label={`Open image: ${image.prompt}`} onClick={onOpen}>
      <img
        src={image.thumbnailUrl}
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

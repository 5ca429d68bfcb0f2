import type { ClientImage } from '@shared/client-image';
import { WALL_ID } from '../wall-id';
import { PictureTile } from './picture-tile';
import '../gallery.css';

/** Cells of the wall: 9 (3 × 3) beside the studio on wide screens, the first 4 in one row above it on phones. */
const WALL_CELLS = 9;

export interface ShowcaseWallProps {
  /** The featured list's first images; fewer (or none, before the API answers) leave placeholder cells. */
  images: readonly ClientImage[];
  onOpen: (index: number) => void;
}

/**
 * The picture wall that opens the generator pages: featured images in square cells, the prompt one hover (or
 * focus) away, a click opens the viewer. Cells keep their box while empty (the prerendered home has no images), so
 * nothing shifts when the pictures arrive.
 */
export function ShowcaseWall({ images, onOpen }: ShowcaseWallProps) {
  return (
    <ul id={WALL_ID} className="wall" aria-label="Featured pictures">
      {Array.from({ length: WALL_CELLS }, (_, i) => {
        const image = images[i];
        return (
          <li key={image?.id ?? `cell-${i}`} className="wall__cell">
            {image && <PictureTile image={image} onOpen={() => onOpen(i)} eager />}
          </li>
        );
      })}
    </ul>
  );
}

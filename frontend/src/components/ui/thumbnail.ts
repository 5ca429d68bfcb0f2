import type { ClientImage } from '@shared/client-image';
import { thumbnailSrcSet } from '@shared/thumbnails';

/**
 * The `src`, `srcSet` and `sizes` of a picture's thumbnail: the browser picks the smallest width
 * that fills `sizes` at the screen's density (shared/thumbnails.ts). A record from before the sized
 * thumbnails has the 512 px one only, and gets `src` alone.
 */
export function thumbnailSources(image: ClientImage, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = thumbnailSrcSet(image);
  return srcSet ? { src: image.thumbnailUrl, srcSet, sizes } : { src: image.thumbnailUrl };
}

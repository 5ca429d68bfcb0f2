import type { GalleryImage } from './schemas/gallery';
import { resolveImageUrl, resolveThumbnailUrl } from './url-rule';

/**
 * The browser's form of an image (spec section 3): the API's image with `filename` and `timestamp`
 * (ms) in place of `fileName` and `createdAt`, and absolute urls (the url rule), the sized
 * thumbnails' too. Apart from the schemas (it imports no zod) so a first visit can run it.
 */
export type ClientImage = Omit<GalleryImage, 'fileName' | 'createdAt'> & { filename: string; timestamp: number };

export function toClientImage(image: GalleryImage, filesHost: string): ClientImage {
  const url = resolveImageUrl(image.url, filesHost);
  const thumbnails = image.thumbnails?.map((t) => ({ url: resolveImageUrl(t.url, filesHost), width: t.width }));
  return {
    id: image.id,
    filename: image.fileName,
    prompt: image.prompt,
    timestamp: Date.parse(image.createdAt),
    url,
    thumbnailUrl: resolveThumbnailUrl(image.thumbnailUrl, image.url, filesHost),
    ...(thumbnails?.length ? { thumbnails } : {}),
    aspectRatio: image.aspectRatio,
    modelName: image.modelName,
    ...(image.renderer ? { renderer: image.renderer } : {}),
    category: image.category,
    width: image.width,
    height: image.height,
    seed: image.seed,
    ...(image.imageCheck ? { imageCheck: image.imageCheck } : {}),
  };
}

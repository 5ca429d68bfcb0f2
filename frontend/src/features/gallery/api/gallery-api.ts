import { MODEL_NAME, PAGE_SIZE } from '../../../../../shared/constants';
import type { ClientImage } from '../../../../../shared/schemas/gallery';
import { api, FILES_HOST, qs } from '../../../lib/api-client';
import { loadGallerySchemas } from '../../../lib/validators';

const take = PAGE_SIZE.generator;

/** GET a list of images, parsed with the shared schema and mapped to the client form (url rule). */
async function fetchImages(path: string, signal?: AbortSignal): Promise<ClientImage[]> {
  const [schemas, data] = await Promise.all([loadGallerySchemas(), api.get<unknown>(path, undefined, { signal })]);
  return schemas.galleryImageListSchema.parse(data).map((image) => schemas.toClientImage(image, FILES_HOST));
}

// GET /api/gallery/list?model=flux_schnell&userId&skip&take=25
export function fetchUserImages(userId: string, page: number, signal?: AbortSignal): Promise<ClientImage[]> {
  return fetchImages(`/gallery/list${qs({ model: MODEL_NAME, userId, skip: page * take, take })}`, signal);
}

/**
 * The featured tab: page 0 is the random featured set (GET /api/gallery/admin/random); later pages
 * come from the newest-first featured list (GET /api/gallery/admin). The grid drops repeats by id.
 */
export function fetchFeaturedImages(page: number, signal?: AbortSignal): Promise<ClientImage[]> {
  if (page === 0) return fetchImages(`/gallery/admin/random${qs({ model: MODEL_NAME, skip: 0, take })}`, signal);
  return fetchImages(`/gallery/admin${qs({ model: MODEL_NAME, skip: page * take, take })}`, signal);
}

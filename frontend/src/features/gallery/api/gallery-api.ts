import type { ClientImage } from '@shared/client-image';
import { MODEL_NAME, PAGE_SIZE } from '@shared/constants';
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
 * The featured tab: page 0 is the random featured set (GET /api/gallery/admin/random, as the spec says); pages 1, 2, …
 * then walk the whole newest-first featured list from its start (GET /api/gallery/admin, skip (page-1)*25). The grid
 * drops the ids it already shows, so each featured image appears exactly once and none is out of reach: the random
 * page's 25 turn up again in the walk and are skipped there. (Walking from position 25 instead, as before, left the
 * images at newest-first positions 0-24 that the random page had not drawn out of reach.)
 */
export function fetchFeaturedImages(page: number, signal?: AbortSignal): Promise<ClientImage[]> {
  if (page === 0) return fetchImages(`/gallery/admin/random${qs({ model: MODEL_NAME, skip: 0, take })}`, signal);
  return fetchImages(`/gallery/admin${qs({ model: MODEL_NAME, skip: (page - 1) * take, take })}`, signal);
}

export interface Collection {
  category: string;
  count: number;
  samples: ClientImage[];
}

// GET /api/gallery/categories: every collection's count and newest images (home's covers, showcase and journal).
export async function fetchCollections(signal?: AbortSignal): Promise<Collection[]> {
  const [schemas, data] = await Promise.all([loadGallerySchemas(), api.get<unknown>('/gallery/categories', undefined, { signal })]);
  return schemas.collectionOverviewListSchema
    .parse(data)
    .map((c) => ({ category: c.category, count: c.count, samples: c.samples.map((i) => schemas.toClientImage(i, FILES_HOST)) }));
}

// GET /api/gallery/admin?skip=0&take=N: the newest featured images (home's big images and AI images sections).
export function fetchNewestFeatured(take: number, signal?: AbortSignal): Promise<ClientImage[]> {
  return fetchImages(`/gallery/admin${qs({ model: MODEL_NAME, skip: 0, take })}`, signal);
}

// GET /api/gallery/search?q=: public pictures whose prompts hold every word (the last as a prefix), newest first.
export async function searchImages(q: string, signal?: AbortSignal): Promise<{ images: ClientImage[]; total: number }> {
  const [schemas, data] = await Promise.all([loadGallerySchemas(), api.get<unknown>(`/gallery/search${qs({ q })}`, undefined, { signal })]);
  const answer = schemas.searchResponseSchema.parse(data);
  return { images: answer.images.map((image) => schemas.toClientImage(image, FILES_HOST)), total: answer.total };
}

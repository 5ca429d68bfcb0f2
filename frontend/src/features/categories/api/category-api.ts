import type { ClientImage } from '@shared/client-image';
import { ADMIN_USER, MODEL_NAME } from '@shared/constants';
import { api, FILES_HOST, qs } from '../../../lib/api-client';
import { loadGallerySchemas } from '../../../lib/validators';

const query = (category: string) => qs({ model: MODEL_NAME, category, user: ADMIN_USER });
/** The two requests of a category page's start; src/boot.ts sends them early on a first visit (frontend/build/prerender-pages.ts). */
export const categoryMetadataPath = (category: string) => `/gallery/category/metadata${query(category)}`;
export const categoryListPath = (category: string) => `/gallery/category/all${query(category)}`;

// GET /api/gallery/category/metadata → 204 or { lastUpdated }
export async function fetchCategoryMetadata(category: string): Promise<{ lastUpdated: string } | undefined> {
  const [schemas, data] = await Promise.all([loadGallerySchemas(), api.get<unknown>(categoryMetadataPath(category))]);
  return data === undefined ? undefined : schemas.categoryMetadataSchema.parse(data);
}

// GET /api/gallery/category/all → the full list
export async function fetchCategoryImages(category: string): Promise<ClientImage[]> {
  const [schemas, data] = await Promise.all([loadGallerySchemas(), api.get<unknown>(categoryListPath(category))]);
  return schemas.galleryImageListSchema.parse(data).map((image) => schemas.toClientImage(image, FILES_HOST));
}

import type { ClientImage } from '@shared/client-image';
import { api, FILES_HOST } from '../../../lib/api-client';
import { loadGallerySchemas } from '../../../lib/validators';

// GET /api/images/{id}: one public picture (featured, collection, or shared by its author).
export async function fetchPublicImage(id: string, signal?: AbortSignal): Promise<ClientImage> {
  const [schemas, data] = await Promise.all([
    loadGallerySchemas(),
    api.get<unknown>(`/images/${encodeURIComponent(id)}`, undefined, { signal }),
  ]);
  return schemas.toClientImage(schemas.galleryImageSchema.parse(data), FILES_HOST);
}

// POST /api/images/{id}/share { userId, shared }: the author makes their picture public, or private again.
export async function setShared(id: string, userId: string, shared: boolean): Promise<string> {
  const { shareResponseSchema } = await loadGallerySchemas();
  const answer = await api.post(`/images/${encodeURIComponent(id)}/share`, { userId, shared }, shareResponseSchema);
  return answer.pageUrl;
}

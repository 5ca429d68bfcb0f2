import type { ClientImage } from '@shared/client-image';
import { api, FILES_HOST } from '../../../lib/api-client';
import { loadGallerySchemas } from '../../../lib/validators';
import { getVisitor } from '../../../lib/visitor';

/**
 * GET /api/images/{id}[?userId]: a public picture; `asVisitor` (the default) sends the visitor's id, so their own
 * picture comes too, unshared (the visitor is read here, in this lazy chunk, not by the caller in the first visit's).
 */
export async function fetchPublicImage(id: string, signal?: AbortSignal, asVisitor = true): Promise<ClientImage> {
  const { userId } = getVisitor();
  const query = asVisitor && userId ? `?userId=${encodeURIComponent(userId)}` : '';
  const [schemas, data] = await Promise.all([
    loadGallerySchemas(),
    api.get<unknown>(`/images/${encodeURIComponent(id)}${query}`, undefined, { signal }),
  ]);
  return schemas.toClientImage(schemas.galleryImageSchema.parse(data), FILES_HOST);
}

// POST /api/images/{id}/share { userId, shared }: the author makes their picture public, or private again.
export async function setShared(id: string, userId: string, shared: boolean): Promise<string> {
  const { shareResponseSchema } = await loadGallerySchemas();
  const answer = await api.post(`/images/${encodeURIComponent(id)}/share`, { userId, shared }, shareResponseSchema);
  return answer.pageUrl;
}

import { API_BASE } from '../../../lib/api-client';

export interface Health {
  ok?: boolean;
  renderer?: string;
}

/**
 * GET /api/health → { ok, renderer, dependencies }. Read as is, 503 included: a degraded dependency
 * does not change which renderer draws the pictures.
 */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  const res = await fetch(`${API_BASE}/health`, { headers: { accept: 'application/json' }, signal });
  const body = (await res.json()) as unknown;
  return typeof body === 'object' && body !== null ? (body as Health) : {};
}

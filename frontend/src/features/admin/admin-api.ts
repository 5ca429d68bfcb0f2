import type { InboxKind } from '@shared/admin';
import type { AlarmStatus } from '@shared/alarms';
import type { AdminAd, AdminImage, AdStats, AuditEntry, ImagePatch, InboxItem, Overview } from '@shared/schemas/admin';
import type { OverviewRange } from '@shared/stats';
import { API_BASE, ApiClientError, qs, request } from '../../lib/api-client';

interface AdCreateBody {
  navigateUrl: string;
  alternateText?: string;
  enabled: boolean;
  image: string;
  startsOn?: string;
  endsOn?: string;
}
/** A date set to null is cleared. */
type AdUpdateBody = Partial<Omit<AdCreateBody, 'startsOn' | 'endsOn'>> & { startsOn?: string | null; endsOn?: string | null };

/** The admin API with the operator's access token. */
export function adminApi(token: string) {
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const call = <T>(method: string, path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>(method, path, body, undefined, { ...auth, ...(signal ? { signal } : {}) });
  return {
    overview: (range: OverviewRange, signal?: AbortSignal) => call<Overview>('GET', `/admin/overview${qs({ range })}`, undefined, signal),
    generate: (body: { prompt: string; aspectRatio: string; requestId: string; category: string }, signal?: AbortSignal) =>
      call<{ jobId: string }>('POST', '/admin/generate', body, signal).then((r) => r.jobId),
    images: (skip: number, take: number, signal?: AbortSignal) =>
      call<AdminImage[]>('GET', `/admin/images${qs({ skip, take })}`, undefined, signal),
    patchImage: (id: string, patch: ImagePatch) => call<AdminImage>('PUT', `/admin/images/${encodeURIComponent(id)}`, patch),
    deleteImage: (id: string) => call<void>('DELETE', `/admin/images/${encodeURIComponent(id)}`),
    audit: (cursor?: string) => call<{ items: AuditEntry[]; cursor?: string }>('GET', `/admin/audit${qs({ cursor })}`),
    ads: () => call<AdminAd[]>('GET', '/admin/ads'),
    createAd: (body: AdCreateBody) => call<AdminAd>('POST', '/admin/ads', body),
    updateAd: (id: string, body: AdUpdateBody) => call<AdminAd>('PUT', `/admin/ads/${encodeURIComponent(id)}`, body),
    adStats: (id: string) => call<AdStats>('GET', `/admin/ads/${encodeURIComponent(id)}/stats`),
    /** The sponsor's CSV (fetched with the token, handed over as a blob like the newsletter export). */
    async adStatsCsv(id: string): Promise<Blob> {
      const res = await fetch(`${API_BASE}/admin/ads/${encodeURIComponent(id)}/stats.csv`, auth);
      if (!res.ok) throw new ApiClientError(res.status, 'http_error', `Export failed: ${res.status}`);
      return res.blob();
    },
    deleteAd: (id: string) => call<void>('DELETE', `/admin/ads/${encodeURIComponent(id)}`),
    alarms: () => call<AlarmStatus[]>('GET', '/admin/alarms'),
    inbox: (kind: InboxKind, state: string, cursor?: string) =>
      call<{ items: InboxItem[]; cursor?: string }>('GET', `/admin/inbox${qs({ kind, state, cursor })}`),
    markHandled: (ref: string, handled: boolean) => call<void>('POST', '/admin/inbox/handled', { ref, handled }),
    attachment: (ref: string) => call<{ url: string }>('GET', `/admin/inbox/attachment${qs({ ref })}`),
    /** The CSV as a file the browser saves (fetched with the token, then handed over as a blob). */
    async newsletterCsv(): Promise<Blob> {
      const res = await fetch(`${API_BASE}/admin/inbox/newsletter.csv`, auth);
      if (!res.ok) throw new ApiClientError(res.status, 'http_error', `Export failed: ${res.status}`);
      return res.blob();
    },
  };
}
export type AdminApi = ReturnType<typeof adminApi>;

import { ADS } from '@shared/constants';
import type { Ad } from '@shared/schemas/ads';
import { resolveImageUrl } from '@shared/url-rule';
import { API_BASE, api, FILES_HOST } from '../../../lib/api-client';

let cached: Promise<Ad[]> | undefined;
/** Also sent early by src/boot.ts on a category page, whose top ad tile is often the phone's LCP (frontend/build/prerender-pages.ts). */
export const ADS_PATH = '/ads/all';

/**
 * GET /api/ads/all, once per page load (every gallery shares it). Ads do not drive logic beyond
 * display, so they are checked by hand rather than with the zod schema (keeps zod out of this chunk).
 */
export function loadAds(): Promise<Ad[]> {
  cached ??= api
    .get<unknown>(ADS_PATH)
    .then((data) =>
      (Array.isArray(data) ? data : [])
        .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
        .filter((a) => typeof a.imageUrl === 'string' && a.imageUrl !== '' && typeof a.navigateUrl === 'string')
        .map((a) => ({
          id: typeof a.id === 'string' ? a.id : undefined,
          navigateUrl: a.navigateUrl as string,
          imageUrl: resolveImageUrl(a.imageUrl as string, FILES_HOST),
          alternateText: typeof a.alternateText === 'string' && a.alternateText ? a.alternateText : ADS.defaultAltText,
        })),
    )
    .catch((err: unknown) => {
      console.warn('ads unavailable', err);
      cached = undefined;
      return [];
    });
  return cached;
}

/** Where an ad's link goes: through the counting redirect when the ad has an id, straight to its address otherwise. */
export const adHref = (ad: { id?: string | undefined; navigateUrl: string }) =>
  ad.id ? `${API_BASE}/ads/${encodeURIComponent(ad.id)}/click` : ad.navigateUrl;

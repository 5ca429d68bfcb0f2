import type { Grant, RouteDef } from './types';

/** What counting an ad event needs: the ad's record (is it live?), the network's cap and the day's count (counters table). */
const adCount: Grant[] = ['table:ads:read', 'table:counters:write'];

/**
 * The public ad reads (docs/ads.md): the `ads` function, read grants only. The counts are the
 * `ad-counts` function's; the operator's ad writes and the per-day numbers are admin routes.
 */
export const adsRoutes: RouteDef[] = [
  // GET /api/ads/all
  { method: 'GET', path: '/api/ads/all', entry: 'handlers/ads/list-ads.ts', grants: ['table:ads:read'] },
  // GET /api/ads/random
  { method: 'GET', path: '/api/ads/random', entry: 'handlers/ads/get-random-ad.ts', grants: ['table:ads:read'] },
];

/** An ad's impressions and clicks (docs/ads.md): the `ad-counts` function, which writes the counters table. */
export const adCountRoutes: RouteDef[] = [
  // POST /api/ads/{id}/impression: the browser's beacon once half the ad was in view for a second.
  { method: 'POST', path: '/api/ads/{id}/impression', entry: 'handlers/ads/post-impression.ts', grants: adCount },
  // GET /api/ads/{id}/click: counts, then 302 to the ad's stored address.
  { method: 'GET', path: '/api/ads/{id}/click', entry: 'handlers/ads/get-click.ts', grants: adCount },
];

import type { RouteDef } from './types';

/** The public ad reads: the `ads` function. The operator's ad writes are admin routes. */
export const adsRoutes: RouteDef[] = [
  // GET /api/ads/all
  { method: 'GET', path: '/api/ads/all', entry: 'handlers/ads/list-ads.ts', grants: ['table:ads:read'] },
  // GET /api/ads/random
  { method: 'GET', path: '/api/ads/random', entry: 'handlers/ads/get-random-ad.ts', grants: ['table:ads:read'] },
];

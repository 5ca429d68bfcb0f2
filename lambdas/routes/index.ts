import { adminRoutes } from './admin';
import { adCountRoutes, adsRoutes } from './ads';
import { eventsRoutes } from './events';
import { formsRoutes } from './forms';
import { galleryRoutes } from './gallery';
import { generationRoutes, jobReadRoutes } from './generation';
import { safetyRoutes } from './safety';
import { pictureReadRoutes, shareRoutes } from './share';
import { systemRoutes } from './system';
import type { RouteDef } from './types';

export type { Grant, RouteDef, ThrottleClass } from './types';

/**
 * The API areas, as the design card draws them: each area is ONE Lambda (a small router over its
 * rows, lambdas/lib/router.ts), built once by scripts/build-lambdas.ts and deployed by infra/. The
 * route stays the unit of tests and docs; an area's grants are the union of its routes' grants.
 * Public reads and writes are apart (issue 34): `system`, `gallery`, `ads` and `jobs` serve GET routes
 * only, with read grants only (test/unit/infra/function-sides.test.ts checks the template, and
 * `npm run check:bundles` each bundle's modules); `events` is a GET whose one write is its stream
 * places in the counters table.
 */
export const API_AREAS = {
  system: systemRoutes,
  gallery: [...galleryRoutes, ...pictureReadRoutes],
  ads: adsRoutes,
  'ad-counts': adCountRoutes,
  share: shareRoutes,
  safety: safetyRoutes,
  jobs: jobReadRoutes,
  generate: generationRoutes,
  events: eventsRoutes,
  forms: formsRoutes,
  admin: adminRoutes,
} as const satisfies Record<string, readonly RouteDef[]>;

export type ApiArea = keyof typeof API_AREAS;

/**
 * Every route of the HTTP API. Order matters locally only: the local adapter takes the first match,
 * so GET /api/generate/quota comes before GET /api/generate/{jobId} (both `jobs`).
 */
export const ROUTES: readonly RouteDef[] = Object.values(API_AREAS).flat();

/** The area whose function serves `route`. */
export function areaOf(route: RouteDef): ApiArea {
  for (const [area, routes] of Object.entries(API_AREAS)) if ((routes as readonly RouteDef[]).includes(route)) return area as ApiArea;
  throw new Error(`route ${route.method} ${route.path} is in no area`);
}

import { CATEGORIES } from './category-table';
import { STATIC_PATHS } from './static-paths';

/**
 * The SPA's route table (product spec section 2): the fixed pages (shared/static-paths.ts), one page per collection from the categories
 * table. One definition for the browser's router (frontend/src/app/paths.ts), the local server (real 404s for
 * anything else) and the CloudFront Function that does the same in AWS (infra/lib/spa-router.ts).
 */
export { STATIC_PATHS };

/** Every path the SPA renders a page for (not-found aside), without trailing slashes. */
export const SITE_ROUTES: readonly string[] = [...Object.values(STATIC_PATHS), ...CATEGORIES.map((c) => `/${c.slug}`)];

/** Whether `pathname` (already percent-decoded) is one of the SPA's routes; a trailing slash is tolerated. */
export function isSiteRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_ROUTES.includes(path || '/');
}

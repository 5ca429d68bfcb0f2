import { CATEGORIES } from './category-table';
import { routePath, STATIC_PATHS } from './static-paths';

/**
 * The SPA's route table (product spec section 2): the fixed pages (shared/static-paths.ts), one page per collection from the categories
 * table. One definition for the browser's router (frontend/src/app/paths.ts), the local server (real 404s for
 * anything else) and the CloudFront Function that does the same in AWS (infra/lib/spa-router.ts).
 */
export { routePath, STATIC_PATHS };

/** Every path the SPA renders a page for (not-found aside), without trailing slashes. */
export const SITE_ROUTES: readonly string[] = [...Object.values(STATIC_PATHS), ...CATEGORIES.map((c) => `/${c.slug}`)];

/** Whether `pathname` (already percent-decoded) is one of the SPA's routes; a trailing slash is tolerated. */
export function isSiteRoute(pathname: string): boolean {
  return SITE_ROUTES.includes(routePath(pathname));
}

/**
 * The pages whose first render is in an HTML file of its own at build time (frontend/build/prerender-pages.ts):
 * path → the file in the built site, painted before any script runs. Every other route is served index.html (home's
 * page, hidden there by src/boot.ts until the app renders the path). /generate is a deep link visitors arrive on from
 * search (issue 25: its consent banner, the phone's LCP, waited on the app).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  [STATIC_PATHS.home]: 'index.html',
  [STATIC_PATHS.generate]: 'generate.html',
};

/**
 * Each collection's own page (issue 32): index.html's shell, body and scripts unchanged, with the collection's
 * title, description and link-preview (Open Graph) tags, so a shared collection link previews as that collection
 * and not as the home page. Written by the build (frontend/build/prerender-pages.ts) beside index.html: at the top level, so
 * the deployment's glob (infra/lib/constructs/web.ts) can pick each page by name.
 */
export const COLLECTION_PAGES: Readonly<Record<string, string>> = Object.fromEntries(
  CATEGORIES.map((c) => [`/${c.slug}`, `${c.slug}.html`]),
);

/** Every route that has an HTML file of its own (prerendered or a collection's): deployed no-cache, invalidated on deploy. */
export const PAGE_FILES: Readonly<Record<string, string>> = { ...PRERENDERED_PAGES, ...COLLECTION_PAGES };

/** The built file that answers a route of the app (`isSiteRoute`): its own page, or index.html. */
export function pageFileOf(pathname: string): string {
  return PAGE_FILES[routePath(pathname)] ?? 'index.html';
}

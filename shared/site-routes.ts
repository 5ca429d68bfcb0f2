import { CATEGORIES } from './category-table';

/**
 * The SPA's route table (product spec section 2): the fixed pages here, one page per collection from the categories
 * table. One definition for the browser's router (frontend/src/app/paths.ts), the local server (real 404s for
 * anything else) and the CloudFront Function that does the same in AWS (infra/lib/spa-router.ts).
 */
export const STATIC_PATHS = {
  home: '/',
  generate: '/generate',
  admin: '/admin',
  about: '/about',
  faq: '/faq',
  help: '/help',
  contact: '/contact',
  feedback: '/feedback',
  report: '/report',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  licenses: '/licenses',
  policy: '/policy',
  /** Named by links in the legal texts; redirected (the spec does not show them as routes). */
  privacyPolicyAlias: '/privacy-policy',
  reportAbuseAlias: '/report-abuse',
} as const;

/** Every path the SPA renders a page for (not-found aside), without trailing slashes. */
export const SITE_ROUTES: readonly string[] = [...Object.values(STATIC_PATHS), ...CATEGORIES.map((c) => `/${c.slug}`)];

/** Whether `pathname` (already percent-decoded) is one of the SPA's routes; a trailing slash is tolerated. */
export function isSiteRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_ROUTES.includes(path || '/');
}

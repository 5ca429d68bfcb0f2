/**
 * The SPA's fixed pages (product spec section 2), apart from the route table (shared/site-routes.ts) so the
 * browser's first chunk takes the paths without the categories table that the full route list needs.
 */
/** A path as the route table spells it: without trailing slashes ('/space/' → '/space'), '/' for home. */
export const routePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

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
  /** Keep my gallery: the recovery code and restoring a gallery on another browser. */
  restore: '/restore',
  /** Search the public pictures by the words of their prompts (?q=). */
  search: '/search',
  /** Named by links in the legal texts; redirected (the spec does not show them as routes). */
  privacyPolicyAlias: '/privacy-policy',
  reportAbuseAlias: '/report-abuse',
} as const;

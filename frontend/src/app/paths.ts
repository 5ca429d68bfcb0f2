import { CATEGORY_LINKS } from 'virtual:category-links';

/**
 * The typed paths table: every route of the spec's route table, so components never spell URLs.
 * Category paths come from the shared categories table (through virtual:category-links, vite.config.ts).
 */
export const paths = {
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

export type AppPath = (typeof paths)[keyof typeof paths];

export function categoryPath(slug: string): string {
  return `/${slug}`;
}

export const CATEGORY_PATHS = CATEGORY_LINKS.map((c) => ({ category: c, path: categoryPath(c.slug) }));

import { CATEGORY_LINKS } from 'virtual:category-links';

import { STATIC_PATHS } from '@shared/static-paths';

/**
 * The typed paths table: every route of the spec's route table, so components never spell URLs (one definition in
 * shared/static-paths.ts, used by shared/site-routes.ts, which the local server and the CloudFront Function also read). Category paths come from the
 * shared categories table (through virtual:category-links, frontend/build/virtual-modules.ts).
 */
export const paths = STATIC_PATHS;

export type AppPath = (typeof paths)[keyof typeof paths];

function categoryPath(slug: string): string {
  return `/${slug}`;
}

export const CATEGORY_PATHS = CATEGORY_LINKS.map((c) => ({ category: c, path: categoryPath(c.slug) }));

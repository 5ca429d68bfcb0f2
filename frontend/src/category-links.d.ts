declare module 'virtual:category-links' {
  /** Generated from shared/category-table.ts by frontend/build/virtual-modules.ts. */
  export const CATEGORY_LINKS: readonly { slug: string; navLabel: string; inNavbar: boolean }[];
  /** What pageTitle() of shared/category-table.ts appends to a page's title. */
  export const PAGE_TITLE_SUFFIX: string;
}

import { ADS, PRODUCT_NAME } from './constants';

/**
 * The 14 themed collections as one table (spec sections 2 and 3). Zod-free, so the browser's
 * first chunk can import it; the zod schema of the values is in categories.ts.
 *
 * Kept on purpose from the spec: the API value of Minimal is `Minimalist`, Space's cached-list key
 * is spelled `allSpacepeMeta`, and Space opens the ad popup every 5th view instead of 15th.
 * Decided where the spec is silent: Healthy's API value is `Healthy`; Seascape's keys follow the
 * others' pattern (`allSeascapeMeta` / `seascapeLastUpdated`); page titles and taglines of the
 * categories the spec does not list follow the pattern of the ones it does.
 */
export interface Category {
  /** Route path segment, e.g. `photography`. */
  slug: string;
  /** Value sent to and stored by the API (`category=`). */
  apiValue: string;
  navLabel: string;
  heroTitle: string;
  tagline: string;
  /** `<title>` without the product suffix. */
  pageTitle: string;
  loadMoreLabel: string;
  /** localStorage keys of the cached full list and its last-updated stamp. */
  storage: { list: string; lastUpdated: string };
  /** Every Nth lightbox navigation opens the ad popup. */
  adEvery: number;
  /** Shown in the top navbar (the spec's six). */
  inNavbar: boolean;
  /** Footer group. */
  footerGroup: 'explore' | 'collections';
}

type Row = Omit<Category, 'loadMoreLabel' | 'adEvery' | 'inNavbar' | 'footerGroup'> &
  Partial<Pick<Category, 'adEvery'>> & { group: Category['footerGroup'] };

const rows: Row[] = [
  {
    slug: 'photography',
    apiValue: 'Photography',
    navLabel: 'Photography',
    heroTitle: 'The Art of AI Photography',
    tagline: 'Light, lens and imagination, rendered by AI.',
    pageTitle: 'Photography Image Collection',
    storage: { list: 'allPhotographyMeta', lastUpdated: 'photographyLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'adventures',
    apiValue: 'Adventures',
    navLabel: 'Adventures',
    heroTitle: 'The Spirit of Adventure',
    tagline: 'Trails, summits and far horizons.',
    pageTitle: 'Adventure Image Collection',
    storage: { list: 'allAdventuresMeta', lastUpdated: 'adventuresLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'colorful',
    apiValue: 'Colorful',
    navLabel: 'Colorful',
    heroTitle: 'The Art of Color',
    tagline: 'Bold palettes and vivid dreams.',
    pageTitle: 'Colorful Image Collection',
    storage: { list: 'allColorfulMeta', lastUpdated: 'colorfulLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'healthy',
    apiValue: 'Healthy',
    navLabel: 'Healthy',
    heroTitle: "Nature's Healing Touch",
    tagline: 'Fresh food, calm minds and active lives.',
    pageTitle: 'Healthy Living Collection',
    storage: { list: 'allHealthyMeta', lastUpdated: 'healthyLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'seascape',
    apiValue: 'Seascape',
    navLabel: 'Seascape',
    heroTitle: 'The Soul of the Sea',
    tagline: 'Waves, shores and endless blue.',
    pageTitle: 'Seascape Image Collection',
    storage: { list: 'allSeascapeMeta', lastUpdated: 'seascapeLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'mountains',
    apiValue: 'Mountains',
    navLabel: 'Mountains',
    heroTitle: 'The Call of the Peaks',
    tagline: 'Ridges, glaciers and thin air.',
    pageTitle: 'Mountain Image Collection',
    storage: { list: 'allMountainsMeta', lastUpdated: 'mountainsLastUpdated' },
    group: 'explore',
  },
  {
    slug: 'nature',
    apiValue: 'Nature',
    navLabel: 'Nature',
    heroTitle: 'The Heart of Nature',
    tagline: 'Forests, meadows and quiet wonders.',
    pageTitle: 'Nature Image Collection',
    storage: { list: 'allNatureMeta', lastUpdated: 'natureLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'space',
    apiValue: 'Space',
    navLabel: 'Space',
    heroTitle: 'The Edge of Infinity',
    tagline: 'Nebulae, planets and distant stars.',
    pageTitle: 'Space Image Collection',
    storage: { list: 'allSpacepeMeta', lastUpdated: 'spaceLastUpdated' },
    adEvery: 5,
    group: 'collections',
  },
  {
    slug: 'architecture',
    apiValue: 'Architecture',
    navLabel: 'Architecture',
    heroTitle: 'The Shape of Structure',
    tagline: 'Lines, light and built form.',
    pageTitle: 'Architecture Image Collection',
    storage: { list: 'allArchitectureMeta', lastUpdated: 'architectureLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'abstract',
    apiValue: 'Abstract',
    navLabel: 'Abstract',
    heroTitle: 'The Pulse of Imagination',
    tagline: 'Shapes and colours set free.',
    pageTitle: 'Abstract Image Collection',
    storage: { list: 'allAbstractMeta', lastUpdated: 'abstractLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'vintage',
    apiValue: 'Vintage',
    navLabel: 'Vintage',
    heroTitle: 'The Charm of the Past',
    tagline: 'Faded film and timeless style.',
    pageTitle: 'Vintage Image Collection',
    storage: { list: 'allVintageMeta', lastUpdated: 'vintageLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'animals',
    apiValue: 'Animals',
    navLabel: 'Animals',
    heroTitle: 'The Wild Within',
    tagline: 'Creatures great and small.',
    pageTitle: 'Animals & Wildlife Collection',
    storage: { list: 'allAnimalsMeta', lastUpdated: 'animalsLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'minimal',
    apiValue: 'Minimalist',
    navLabel: 'Minimal',
    heroTitle: 'The Beauty of Less',
    tagline: 'Space, balance and restraint.',
    pageTitle: 'Minimal Image Collection',
    storage: { list: 'allMinimalistMeta', lastUpdated: 'minimalistLastUpdated' },
    group: 'collections',
  },
  {
    slug: 'fantasy',
    apiValue: 'Fantasy',
    navLabel: 'Fantasy',
    heroTitle: 'The Realm of Wonder',
    tagline: 'Dragons, castles and other worlds.',
    pageTitle: 'Fantasy Worlds Collection',
    storage: { list: 'allFantasyMeta', lastUpdated: 'fantasyLastUpdated' },
    group: 'collections',
  },
];

const NAVBAR = new Set(['photography', 'adventures', 'colorful', 'healthy', 'seascape', 'mountains']);

export const CATEGORIES: readonly Category[] = rows.map(({ group, adEvery, ...row }) => ({
  ...row,
  loadMoreLabel: `Load More ${row.navLabel} Images...`,
  adEvery: adEvery ?? ADS.popupEvery,
  inNavbar: NAVBAR.has(row.slug),
  footerGroup: group,
}));

export const CATEGORY_API_VALUES = CATEGORIES.map((c) => c.apiValue) as [string, ...string[]];

/** The empty text of every category page (the spec keeps 'photography' on all of them). */
export const EMPTY_CATEGORY_TEXT = 'No photography images to display.';
export const END_OF_GALLERY_TEXT = 'You’ve reached the end of the gallery!';

export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

export function categoryByValue(value: string): Category | undefined {
  return CATEGORIES.find((c) => c.apiValue === value);
}

/** A collection page's meta description: its page (category.tsx) and its HTML file's link-preview tags (frontend/build/prerender-pages.ts). */
export function categoryDescription(c: Category): string {
  return `${c.heroTitle}: ${c.tagline} A curated collection of AI-generated ${c.navLabel.toLowerCase()} images.`;
}

export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

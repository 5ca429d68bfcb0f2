import { stemmer } from 'stemmer';
import { type GalleryImage, SEARCH_MAX_RESULTS, type SearchResponse, toGalleryImage } from '../../shared/schemas/gallery';
import { ownerListPartition, queryAll } from '../adapters/images-table';
import { clock } from '../lib/clock';

/**
 * Search of the public pictures (featured and collections; never a visitor's own) by the words of
 * their prompts. The choice, measured by `npm run bench -- search` for 10,000 pictures
 * (docs/gallery-api.md): an inverted index held in the search Lambda's memory, built from the two
 * owner lists of operator pictures and rebuilt when older than INDEX_TTL_MS. A phone downloads only
 * the answer (at most 60 pictures), not an index of every prompt.
 *
 * Words match by their stem too (the Porter stemmer, package `stemmer`): "foxes" finds "fox",
 * "painted" finds "painting". Porter is English; it leaves words in other scripts as they are, so a
 * Russian or Japanese word matches itself (and, last, as a prefix).
 */
const INDEX_TTL_MS = 60_000;
const MAX_TERMS = 8;

export const tokenize = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length >= 2);

export class SearchIndex {
  /** Newest first. */
  private readonly images: GalleryImage[];
  private readonly postings = new Map<string, number[]>();
  /** The same documents by each word's stem. */
  private readonly stemPostings = new Map<string, number[]>();
  private readonly vocabulary: string[];

  constructor(images: GalleryImage[]) {
    this.images = [...images].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    this.images.forEach((image, doc) => {
      const words = new Set(tokenize(image.prompt));
      for (const term of words) post(this.postings, term, doc);
      for (const stem of new Set([...words].map(stemmer))) post(this.stemPostings, stem, doc);
    });
    this.vocabulary = [...this.postings.keys()].sort();
  }

  get size(): number {
    return this.images.length;
  }

  /**
   * Every term must match a word of the prompt, by the word or by its stem; the last one also as a
   * prefix (the visitor may still be typing).
   */
  search(q: string, limit = SEARCH_MAX_RESULTS): SearchResponse {
    const terms = [...new Set(tokenize(q))].slice(0, MAX_TERMS);
    if (terms.length === 0) return { images: [], total: 0 };
    let docs: Set<number> | undefined;
    terms.forEach((term, i) => {
      const matched = new Set(this.stemPostings.get(stemmer(term)) ?? []);
      const words = i === terms.length - 1 ? this.withPrefix(term) : [term];
      for (const word of words) for (const doc of this.postings.get(word) ?? []) matched.add(doc);
      docs = docs ? new Set([...docs].filter((d) => matched.has(d))) : matched;
    });
    const hits = [...(docs ?? [])].sort((a, b) => a - b);
    return { images: hits.slice(0, limit).map((d) => this.images[d] as GalleryImage), total: hits.length };
  }

  private withPrefix(prefix: string): string[] {
    // Binary search for the first word ≥ prefix, then walk while it still starts with it.
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.vocabulary[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.vocabulary.length && (this.vocabulary[i] ?? '').startsWith(prefix); i++) out.push(this.vocabulary[i] ?? '');
    return out;
  }
}

function post(postings: Map<string, number[]>, key: string, doc: number): void {
  const list = postings.get(key);
  if (list) list.push(doc);
  else postings.set(key, [doc]);
}

let cached: { index: SearchIndex; builtAt: number } | undefined;
let building: Promise<SearchIndex> | undefined;

/** The public pictures: operator images in the featured list, and those the operator took out of it (still in their collection). */
async function publicImages(): Promise<GalleryImage[]> {
  const featured = ownerListPartition({ owner: 'admin' });
  const unfeatured = ownerListPartition({ owner: 'admin', unfeatured: true });
  const [a, b] = await Promise.all([queryAll('gsi1', featured), queryAll('gsi1', unfeatured)]);
  return [...a, ...b].map(toGalleryImage);
}

async function searchIndex(now = clock.now()): Promise<SearchIndex> {
  if (cached && now - cached.builtAt < INDEX_TTL_MS) return cached.index;
  building ??= publicImages()
    .then((images) => {
      const index = new SearchIndex(images);
      cached = { index, builtAt: clock.now() };
      return index;
    })
    .finally(() => {
      building = undefined;
    });
  return building;
}

/** Tests: forget the container's index (as a new Lambda container would). */
export function resetSearchIndex(): void {
  cached = undefined;
}

export async function searchImages(q: string): Promise<SearchResponse> {
  return (await searchIndex()).search(q);
}

import { randomInt } from 'node:crypto';
import { CATEGORIES } from '../../shared/category-table';
import {
  type CategoryMetadata,
  COLLECTION_SAMPLES,
  type CollectionOverview,
  type GalleryImage,
  toGalleryImage,
} from '../../shared/schemas/gallery';
import {
  categoryPartition,
  getCategoryMeta,
  getFeaturedCount,
  getSlots,
  ownerPartition,
  queryAll,
  queryPage,
} from '../adapters/images-table';
import { withPrivateUrls } from './private-images';

/**
 * Gallery reads. Every one is a GetItem, a BatchGetItem or a Query on an index partition — no Scan
 * on a request path (see docs/data-model.md).
 */

/** A visitor's images, newest first, with presigned urls of their private objects (services/private-images.ts). */
export async function listVisitorImages(userId: string, skip: number, take: number): Promise<GalleryImage[]> {
  return Promise.all(
    (await queryPage('gsi1', ownerPartition('user', userId), skip, take)).map((item) => withPrivateUrls(toGalleryImage(item))),
  );
}

/** Featured (operator) images, newest first. */
export async function listFeatured(skip: number, take: number): Promise<GalleryImage[]> {
  return (await queryPage('gsi1', ownerPartition('admin'), skip, take)).map(toGalleryImage);
}

/**
 * `k` distinct positions of 0..n-1, every k-subset equally likely (Floyd's algorithm), in random
 * order (Fisher-Yates). O(k) time and memory whatever n is.
 */
export function samplePositions(n: number, k: number, rand: (maxExclusive: number) => number = randomInt): number[] {
  const take = Math.max(0, Math.min(n, k));
  const chosen = new Set<number>();
  for (let j = n - take; j < n; j++) {
    const t = rand(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  const out = [...chosen];
  for (let i = out.length - 1; i > 0; i--) {
    const r = rand(i + 1);
    [out[i], out[r]] = [out[r] as number, out[i] as number];
  }
  return out;
}

/**
 * A uniform random sample of the featured images without repeats: one GetItem (the count n) and one
 * BatchGetItem of `take` dense slots, so the cost is O(take) however large the gallery.
 */
export async function sampleFeatured(take: number): Promise<GalleryImage[]> {
  const n = await getFeaturedCount();
  if (n === 0) return [];
  // A hidden image has left the sequence; a slot can still be read mid-move during a concurrent
  // delete or hide, so never answer the same image twice.
  const slots = await getSlots(samplePositions(n, take));
  const seen = new Set<string>();
  return slots.filter((s) => !seen.has(s.id) && seen.add(s.id)).map(toGalleryImage);
}

/** A category's `lastUpdated`, or undefined when it holds no images (the route answers 204). */
export async function categoryMetadata(category: string): Promise<CategoryMetadata | undefined> {
  const meta = await getCategoryMeta(category);
  return meta && meta.count > 0 ? { lastUpdated: meta.lastUpdated } : undefined;
}

/**
 * The version of a category's list, as an HTTP entity tag: its `lastUpdated`, which strictly moves on
 * every change (image-store.ts nextLastUpdated). Read before the list, so a change between the two
 * reads gives a newer list an older tag, which the next revalidation replaces (never the reverse).
 */
export async function categoryListTag(category: string): Promise<string> {
  return listTag([await getCategoryMeta(category)]);
}

/** One tag for lists of one or more categories: their `lastUpdated`s (an absent category counts as empty). */
export function listTag(metas: ({ lastUpdated: string; count: number } | undefined)[]): string {
  return `"${metas.map((m) => (m ? `${m.lastUpdated}/${m.count}` : '-')).join(',')}"`;
}

/** A category's full list, newest first (the browser shuffles and pages it locally). */
export async function listCategory(category: string): Promise<GalleryImage[]> {
  return (await queryAll('gsi2', categoryPartition(category))).map(toGalleryImage);
}

/**
 * Every collection with its count, lastUpdated and newest images, in the table's order: home's collection covers
 * and its showcase and blog sections in one request. 2 reads per collection (GetItem + a Query of 2), in parallel.
 */
export async function collectionsOverview(): Promise<{ collections: CollectionOverview[]; tag: string }> {
  const rows = await Promise.all(
    CATEGORIES.map(async ({ apiValue }) => {
      const [meta, newest] = await Promise.all([
        getCategoryMeta(apiValue),
        queryPage('gsi2', categoryPartition(apiValue), 0, COLLECTION_SAMPLES),
      ]);
      const row = {
        category: apiValue,
        count: meta?.count ?? 0,
        ...(meta && meta.count > 0 ? { lastUpdated: meta.lastUpdated } : {}),
        samples: newest.map(toGalleryImage),
      };
      return { row, meta };
    }),
  );
  return { collections: rows.map((r) => r.row), tag: listTag(rows.map((r) => r.meta)) };
}

import type { Category } from '@shared/category-table';
import type { ClientImage } from '@shared/client-image';
import { PAGE_SIZE } from '@shared/constants';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { shuffle } from '../../../lib/site';
import { readJson, readText, removeKeys, writeJson, writeText } from '../../../lib/storage';
import { fetchCategoryImages, fetchCategoryMetadata } from '../api/category-api';

/**
 * Start of a category page (spec section 4): drop the cached list when the server's lastUpdated
 * moved. `fetching`: no list was cached and it is being fetched beside this, so there is nothing to
 * drop; only the stamp is kept (dropping here could remove the list that just arrived).
 */
async function refreshCache(category: Category, fetching = false): Promise<void> {
  const { list, lastUpdated } = category.storage;
  try {
    const meta = await fetchCategoryMetadata(category.apiValue);
    if (!meta) {
      removeKeys(...(fetching ? [lastUpdated] : [list, lastUpdated]));
      return;
    }
    const stored = readText(lastUpdated);
    if (!stored || Date.parse(meta.lastUpdated) > Date.parse(stored)) {
      if (!fetching) removeKeys(list);
      writeText(lastUpdated, meta.lastUpdated);
    }
  } catch (err) {
    console.warn('category metadata failed', err);
  }
}

/**
 * The picture src/boot.ts picked (uniformly) and preloaded for the grid's first tile when the list answered, taken once.
 */
function takeBootPicture(): string | undefined {
  const boot = window as { artloomFirstPicture?: string };
  const id = boot.artloomFirstPicture;
  delete boot.artloomFirstPicture;
  return id;
}

/**
 * `shuffled` with the picture `id` first (swapped with the first): a uniform shuffle with a uniform pick swapped to the
 * front is still a uniform shuffle. Unchanged when no such picture is in the list.
 */
export function withFirst<T extends { id: string }>(shuffled: T[], id: string | undefined): T[] {
  const at = id === undefined ? -1 : shuffled.findIndex((image) => image.id === id);
  if (at <= 0) return shuffled;
  const out = [...shuffled];
  [out[0], out[at]] = [out[at] as T, out[0] as T];
  return out;
}

/**
 * The category list: fetched once, cached in localStorage under the spec's keys, reshuffled on each
 * use and paged locally 20 at a time by the Load More button only.
 */
export function useCategoryImages(category: Category) {
  const [images, setImages] = useState<ClientImage[]>([]);
  const [loading, setLoading] = useState(false);
  const [allLoaded, setAllLoaded] = useState(false);
  const [started, setStarted] = useState(false);
  const pool = useRef<ClientImage[] | null>(null);
  const offset = useRef(0);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || allLoaded) return;
    busy.current = true;
    setLoading(true);
    let page: ClientImage[] = [];
    let ended = false;
    try {
      if (!pool.current) {
        const cached = readJson<ClientImage[]>(category.storage.list);
        const full = cached ?? (await fetchCategoryImages(category.apiValue));
        // A fetched list: the picture boot.ts preloaded comes first (the phone's LCP, already on its way).
        pool.current = cached ? shuffle(full) : withFirst(shuffle(full), takeBootPicture());
        writeJson(category.storage.list, pool.current);
      }
      page = pool.current.slice(offset.current, offset.current + PAGE_SIZE.category);
      offset.current += page.length;
      ended = page.length < PAGE_SIZE.category || offset.current >= pool.current.length;
    } catch (err) {
      console.warn('category list failed', err);
      ended = true;
    } finally {
      busy.current = false;
      // One transition for the page of pictures and the state around it: React renders the grid in slices that give
      // the main thread back every few ms, then commits it at once (issue 25: the render that laid out a category's
      // first page was one task of 60–67 ms with the CPU slowed 4×, as Lighthouse's phone is).
      startTransition(() => {
        if (page.length) setImages((prev) => [...prev, ...page]);
        if (ended) setAllLoaded(true);
        setLoading(false);
        setStarted(true);
      });
    }
  }, [allLoaded, category]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per category
  useEffect(() => {
    // A first visit has no cached list for the metadata to invalidate: the list is requested at once,
    // beside it, so the first row paints one round trip after the JS instead of two (issue 25).
    if (readJson<ClientImage[]>(category.storage.list) === undefined) {
      void Promise.all([refreshCache(category, true), loadMore()]);
      return;
    }
    void refreshCache(category).then(loadMore);
  }, [category.slug]);

  return { images, loading, allLoaded, started, loadMore };
}

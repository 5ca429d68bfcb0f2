import type { ClientImage } from '@shared/client-image';
import { PAGE_SIZE } from '@shared/constants';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { readJson, writeJson } from '../../../lib/storage';

export interface PagedImages {
  images: ClientImage[];
  loading: boolean;
  hasMore: boolean;
  /** True once page 0 has answered. */
  loaded: boolean;
  /** Settles when the page it asked for has landed (or failed); while one is in flight, that one's promise. */
  loadMore: () => Promise<void>;
  prepend: (image: ClientImage) => void;
}

/** How many images of a list its localStorage copy keeps (a page of thumbnails' metadata is ~10 kB). */
const CACHED_IMAGES = 100;

function readCachedList(key: string): ClientImage[] {
  const cached = readJson<unknown>(key);
  if (!Array.isArray(cached)) return [];
  return cached.filter((i): i is ClientImage => typeof i?.id === 'string' && typeof i?.url === 'string' && typeof i?.prompt === 'string');
}

/**
 * A paged list (spec section 4): a page counter and a has-more flag that turns false when a page
 * returns fewer than 25 (or page 0 is empty); loading is guarded against re-entry. Failures are
 * logged only and end loading, as the spec's error catalogue says.
 *
 * With `cacheKey` (the spec's `imageMetadata` for the visitor's own list, `adminImageMetadata` for the operator's),
 * the list's first images are kept in localStorage: a returning visitor sees them at once, and page 0 from the
 * server replaces them when it answers (the server stays the source of truth).
 */
export function usePagedImages(
  fetchPage: (page: number, signal: AbortSignal) => Promise<ClientImage[]>,
  enabled: boolean,
  cacheKey?: string,
): PagedImages {
  const [images, setImages] = useState<ClientImage[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const page = useRef(0);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  /** Images put first by this page (a new generation): page 0 replacing the cached list keeps them. */
  const prepended = useRef(new Set<string>());

  const loadMore = useCallback((): Promise<void> => {
    if (busy.current || !hasMore) return inFlight.current;
    busy.current = true;
    setLoading(true);
    const controller = new AbortController();
    abort.current = controller;
    const first = page.current === 0;
    /** False once unmount (or StrictMode's effect replay) aborted this request: its answer no longer belongs here. */
    const current = () => abort.current === controller;
    inFlight.current = fetchPage(page.current, controller.signal)
      .then((batch) => {
        if (!current()) return;
        page.current += 1;
        startTransition(() =>
          setImages((prev) => {
            // Page 0 replaces what the cache showed; later pages append what the grid does not show yet.
            const base = first ? prev.filter((i) => prepended.current.has(i.id)) : prev;
            const seen = new Set(base.map((i) => i.id));
            return [...base, ...batch.filter((i) => !seen.has(i.id))];
          }),
        );
        if (batch.length < PAGE_SIZE.generator) setHasMore(false);
      })
      .catch((err: unknown) => {
        if (!current()) return;
        if ((err as Error).name !== 'AbortError') console.error('gallery page failed', err);
        setHasMore(false);
      })
      .finally(() => {
        if (!current()) return;
        busy.current = false;
        startTransition(() => {
          setLoading(false);
          setLoaded(true);
        });
      });
    return inFlight.current;
  }, [fetchPage, hasMore]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: page 0 once, when enabled
  useEffect(() => {
    if (!enabled || page.current !== 0 || busy.current) return;
    // After hydration only: the prerendered home holds no visitor's images.
    if (cacheKey) setImages((prev) => (prev.length ? prev : readCachedList(cacheKey)));
    void loadMore();
  }, [enabled]);
  useEffect(() => {
    if (cacheKey && loaded) writeJson(cacheKey, images.slice(0, CACHED_IMAGES));
  }, [cacheKey, loaded, images]);
  // Unmount aborts the page in flight. StrictMode's replay (unmount, then mount again) must still load page 0:
  // the aborted request is dropped, not settled, so it neither ends the list nor keeps the re-entry guard shut.
  useEffect(
    () => () => {
      abort.current?.abort();
      abort.current = null;
      busy.current = false;
    },
    [],
  );

  const prepend = useCallback((image: ClientImage) => {
    prepended.current.add(image.id);
    setImages((prev) => [image, ...prev.filter((i) => i.id !== image.id)]);
  }, []);
  return { images, loading, hasMore, loaded, loadMore, prepend };
}

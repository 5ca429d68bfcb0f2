import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../../../../shared/constants';
import type { ClientImage } from '../../../../../shared/schemas/gallery';

export interface PagedImages {
  images: ClientImage[];
  loading: boolean;
  hasMore: boolean;
  /** True once page 0 has answered. */
  loaded: boolean;
  loadMore: () => void;
  prepend: (image: ClientImage) => void;
}

/**
 * A paged list (spec section 4): a page counter and a has-more flag that turns false when a page
 * returns fewer than 25 (or page 0 is empty); loading is guarded against re-entry. Failures are
 * logged only and end loading, as the spec's error catalogue says.
 */
export function usePagedImages(fetchPage: (page: number, signal: AbortSignal) => Promise<ClientImage[]>, enabled: boolean): PagedImages {
  const [images, setImages] = useState<ClientImage[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const page = useRef(0);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);

  const loadMore = useCallback(() => {
    if (busy.current || !hasMore) return;
    busy.current = true;
    setLoading(true);
    const controller = new AbortController();
    abort.current = controller;
    fetchPage(page.current, controller.signal)
      .then((batch) => {
        page.current += 1;
        setImages((prev) => {
          const seen = new Set(prev.map((i) => i.id));
          return [...prev, ...batch.filter((i) => !seen.has(i.id))];
        });
        if (batch.length < PAGE_SIZE.generator) setHasMore(false);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') console.error('gallery page failed', err);
        setHasMore(false);
      })
      .finally(() => {
        busy.current = false;
        setLoading(false);
        setLoaded(true);
      });
  }, [fetchPage, hasMore]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: page 0 once, when enabled
  useEffect(() => {
    if (enabled && page.current === 0 && !busy.current) loadMore();
  }, [enabled]);
  useEffect(() => () => abort.current?.abort(), []);

  const prepend = useCallback((image: ClientImage) => setImages((prev) => [image, ...prev.filter((i) => i.id !== image.id)]), []);
  return { images, loading, hasMore, loaded, loadMore, prepend };
}

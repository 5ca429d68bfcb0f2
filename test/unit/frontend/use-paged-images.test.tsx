// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePagedImages } from '../../../frontend/src/features/gallery/hooks/use-paged-images';
import { saveConsent } from '../../../frontend/src/lib/consent';
import type { ClientImage } from '../../../shared/client-image';
import { PAGE_SIZE, STORAGE_KEYS } from '../../../shared/constants';
import { clientImage, clientImages } from '../../fixtures/client-images';
import { withCleanStorage } from './clean-storage';

const image = (id: string) => clientImage(id);

/** `count` images with ids `<prefix>-0`, `<prefix>-1`, … */
const images = (prefix: string, count: number = PAGE_SIZE.generator) => clientImages(prefix, count);
const ids = (list: readonly ClientImage[]) => list.map((i) => i.id);

interface PendingPage {
  page: number;
  signal: AbortSignal;
  resolve: (batch: ClientImage[]) => void;
  reject: (err: unknown) => void;
}

/** A fetchPage whose every call waits until the test answers it; like fetch, it rejects with an AbortError on abort. */
function fakeFetcher() {
  const calls: PendingPage[] = [];
  const fetchPage = vi.fn(
    (page: number, signal: AbortSignal) =>
      new Promise<ClientImage[]>((resolve, reject) => {
        calls.push({ page, signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
      }),
  );
  const call = (n: number): PendingPage => {
    const pending = calls[n];
    if (!pending) throw new Error(`fetchPage was called ${calls.length} time(s), not ${n + 1}`);
    return pending;
  };
  /** Answers call `n` and lets React apply the result. */
  const answer = (n: number, batch: ClientImage[]) =>
    act(async () => {
      call(n).resolve(batch);
    });
  const fail = (n: number, err: unknown) =>
    act(async () => {
      call(n).reject(err);
    });
  return { fetchPage, calls, call, answer, fail };
}

const allowFunctionalityStorage = () => saveConsent({ functionality: true, analytics: false, advertising: false });

withCleanStorage();

describe('usePagedImages', () => {
  it('loads page 0 once when enabled, and not while disabled', async () => {
    const f = fakeFetcher();
    const { result, rerender } = renderHook(({ enabled }) => usePagedImages(f.fetchPage, enabled), { initialProps: { enabled: false } });
    expect(f.fetchPage).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
    expect(result.current.loaded).toBe(false);

    rerender({ enabled: true });
    expect(f.fetchPage).toHaveBeenCalledTimes(1);
    expect(f.call(0).page).toBe(0);
    expect(result.current.loading).toBe(true);

    rerender({ enabled: true });
    await f.answer(0, images('p0'));
    rerender({ enabled: true });
    expect(f.fetchPage).toHaveBeenCalledTimes(1);
    expect(ids(result.current.images)).toEqual(ids(images('p0')));
    expect(result.current.loading).toBe(false);
    expect(result.current.loaded).toBe(true);
    expect(result.current.hasMore).toBe(true);
  });

  it('never loads while it stays disabled', () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, false));
    expect(f.fetchPage).not.toHaveBeenCalled();
    expect(result.current.images).toEqual([]);
  });

  it('loadMore fetches page 1, then page 2, appending each', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, images('p0'));

    act(() => void result.current.loadMore());
    expect(f.call(1).page).toBe(1);
    expect(result.current.loading).toBe(true);
    await f.answer(1, images('p1'));

    act(() => void result.current.loadMore());
    expect(f.call(2).page).toBe(2);
    await f.answer(2, images('p2'));

    expect(f.calls.map((c) => c.page)).toEqual([0, 1, 2]);
    expect(ids(result.current.images)).toEqual([...ids(images('p0')), ...ids(images('p1')), ...ids(images('p2'))]);
    expect(result.current.hasMore).toBe(true);
  });

  it('has no more once a page returns fewer than PAGE_SIZE.generator, and then fetches nothing', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, images('p0'));
    act(() => void result.current.loadMore());
    await f.answer(1, images('p1', PAGE_SIZE.generator - 1));

    expect(result.current.hasMore).toBe(false);
    expect(result.current.images).toHaveLength(2 * PAGE_SIZE.generator - 1);
    act(() => void result.current.loadMore());
    expect(f.fetchPage).toHaveBeenCalledTimes(2);
  });

  it('has no more when page 0 is empty', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, []);
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loaded).toBe(true);
    expect(result.current.images).toEqual([]);
  });

  it('a failed page ends loading, logs, and turns hasMore false without throwing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, images('p0'));
    act(() => void result.current.loadMore());
    await f.fail(1, new Error('503'));

    expect(result.current.hasMore).toBe(false);
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.images)).toEqual(ids(images('p0')));
    expect(logged).toHaveBeenCalledTimes(1);
    act(() => void result.current.loadMore());
    expect(f.fetchPage).toHaveBeenCalledTimes(2);
  });

  it('guards re-entry: loadMore while a page is in flight starts no second fetch', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    // Page 0 is in flight.
    act(() => void result.current.loadMore());
    expect(f.fetchPage).toHaveBeenCalledTimes(1);
    await f.answer(0, images('p0'));

    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    act(() => void result.current.loadMore());
    expect(f.fetchPage).toHaveBeenCalledTimes(2);
    expect(f.call(1).page).toBe(1);

    await f.answer(1, images('p1'));
    act(() => void result.current.loadMore());
    expect(f.calls.map((c) => c.page)).toEqual([0, 1, 2]);
  });

  it('drops images a later page repeats', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, images('p0'));
    act(() => void result.current.loadMore());
    // The list moved between requests: page 1 repeats the last two of page 0.
    const page1 = [...images('p0').slice(-2), ...images('p1', PAGE_SIZE.generator - 2)];
    await f.answer(1, page1);

    const shown = ids(result.current.images);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toEqual([...ids(images('p0')), ...ids(images('p1', PAGE_SIZE.generator - 2))]);
    // A full page, repeats or not: there may be more.
    expect(result.current.hasMore).toBe(true);
  });

  it('prepend puts an image first, once, and page 0 keeps it', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    await f.answer(0, images('p0'));

    act(() => result.current.prepend(image('new')));
    expect(ids(result.current.images)[0]).toBe('new');
    expect(result.current.images).toHaveLength(PAGE_SIZE.generator + 1);

    // Prepending an image the list already shows moves it first instead of doubling it.
    act(() => result.current.prepend(image('p0-3')));
    expect(ids(result.current.images).slice(0, 2)).toEqual(['p0-3', 'new']);
    expect(ids(result.current.images).filter((id) => id === 'p0-3')).toHaveLength(1);
    expect(result.current.images).toHaveLength(PAGE_SIZE.generator + 1);
  });

  it('page 0 replacing the cached list keeps the images prepended meanwhile', async () => {
    allowFunctionalityStorage();
    localStorage.setItem(STORAGE_KEYS.imageMetadata, JSON.stringify([image('old-a'), image('old-b')]));
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true, STORAGE_KEYS.imageMetadata));
    expect(ids(result.current.images)).toEqual(['old-a', 'old-b']);

    act(() => result.current.prepend(image('new')));
    expect(ids(result.current.images)).toEqual(['new', 'old-a', 'old-b']);

    // Page 0 already holds the new image: it shows once, first, and the stale cached ones are gone.
    await f.answer(0, [image('new'), ...images('p0', PAGE_SIZE.generator - 1)]);
    expect(ids(result.current.images)).toEqual(['new', ...ids(images('p0', PAGE_SIZE.generator - 1))]);
  });

  it('with a cacheKey shows the cached list at once, replaces it with page 0 and caches page 0', async () => {
    allowFunctionalityStorage();
    const cached = [image('c1'), image('c2'), { id: 'broken' }];
    localStorage.setItem(STORAGE_KEYS.imageMetadata, JSON.stringify(cached));
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true, STORAGE_KEYS.imageMetadata));

    // Before page 0 answers: the cached list (malformed entries skipped), still loading.
    expect(ids(result.current.images)).toEqual(['c1', 'c2']);
    expect(result.current.loaded).toBe(false);
    expect(result.current.loading).toBe(true);

    await f.answer(0, images('p0'));
    expect(ids(result.current.images)).toEqual(ids(images('p0')));
    expect(result.current.loaded).toBe(true);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.imageMetadata) ?? 'null') as ClientImage[];
    expect(ids(stored)).toEqual(ids(images('p0')));
  });

  it('does not write the cache without the visitor’s consent', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true, STORAGE_KEYS.imageMetadata));
    await f.answer(0, images('p0'));
    expect(result.current.images).toHaveLength(PAGE_SIZE.generator);
    expect(localStorage.getItem(STORAGE_KEYS.imageMetadata)).toBeNull();
  });

  it('without a cacheKey ignores what localStorage holds', () => {
    localStorage.setItem(STORAGE_KEYS.imageMetadata, JSON.stringify([image('c1')]));
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true));
    expect(result.current.images).toEqual([]);
  });

  it('unmount aborts the page in flight, quietly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const f = fakeFetcher();
    const { unmount } = renderHook(() => usePagedImages(f.fetchPage, true));
    const { signal } = f.call(0);
    expect(signal.aborted).toBe(false);

    unmount();
    expect(signal.aborted).toBe(true);
    await act(async () => {});
    expect(logged).not.toHaveBeenCalled();
  });

  it('loads page 0 under StrictMode (the app renders in it), whose effect replay aborts the first request', async () => {
    const f = fakeFetcher();
    const { result } = renderHook(() => usePagedImages(f.fetchPage, true), { reactStrictMode: true });
    await act(async () => {});
    const live = f.calls.filter((c) => !c.signal.aborted);
    expect(live.map((c) => c.page)).toEqual([0]);

    await act(async () => {
      live[0]?.resolve(images('p0'));
    });
    expect(ids(result.current.images)).toEqual(ids(images('p0')));
    expect(result.current.hasMore).toBe(true);
    expect(result.current.loading).toBe(false);
    expect(result.current.loaded).toBe(true);

    act(() => void result.current.loadMore());
    expect(f.calls.at(-1)?.page).toBe(1);
  });
});

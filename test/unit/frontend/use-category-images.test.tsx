// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCategoryImages, fetchCategoryMetadata } from '../../../frontend/src/features/categories/api/category-api';
import { useCategoryImages } from '../../../frontend/src/features/categories/hooks/use-category-images';
import { saveConsent } from '../../../frontend/src/lib/consent';
import { type Category, categoryBySlug } from '../../../shared/category-table';
import type { ClientImage } from '../../../shared/client-image';
import { PAGE_SIZE } from '../../../shared/constants';
import { clientImage, clientImages } from '../../fixtures/client-images';
import { withCleanStorage } from './clean-storage';

vi.mock('../../../frontend/src/features/categories/api/category-api', () => ({
  fetchCategoryMetadata: vi.fn(),
  fetchCategoryImages: vi.fn(),
}));

const metadata = vi.mocked(fetchCategoryMetadata);
const list = vi.mocked(fetchCategoryImages);

const photography = categoryBySlug('photography') as Category;
const { list: LIST_KEY, lastUpdated: STAMP_KEY } = photography.storage;

const _image = (id: string) => clientImage(id, { category: photography.apiValue });
const images = (prefix: string, count: number) => clientImages(prefix, count, { category: photography.apiValue });
const sortedIds = (items: readonly ClientImage[]) => items.map((i) => i.id).sort();

const T1 = '2025-01-01T00:00:00.000Z';
const T2 = '2025-02-01T00:00:00.000Z';

const storedList = () => JSON.parse(localStorage.getItem(LIST_KEY) ?? 'null') as ClientImage[] | null;

/** Mounts the hook and waits for its first page (or its failure). */
async function mount() {
  const hook = renderHook(() => useCategoryImages(photography));
  await waitFor(() => expect(hook.result.current.started).toBe(true));
  return hook;
}

const loadMore = (hook: Awaited<ReturnType<typeof mount>>) =>
  act(async () => {
    await hook.result.current.loadMore();
  });

withCleanStorage();
beforeEach(() => {
  saveConsent({ functionality: true, analytics: false, advertising: false });
  metadata.mockReset().mockResolvedValue({ lastUpdated: T1 });
  list.mockReset();
});

describe('useCategoryImages', () => {
  it('fetches the full list once and pages it locally PAGE_SIZE.category at a time, allLoaded at the end', async () => {
    const all = images('a', 2 * PAGE_SIZE.category + 5);
    list.mockResolvedValue(all);
    const hook = await mount();

    expect(metadata).toHaveBeenCalledWith(photography.apiValue);
    expect(list).toHaveBeenCalledWith(photography.apiValue);
    expect(hook.result.current.images).toHaveLength(PAGE_SIZE.category);
    expect(hook.result.current.allLoaded).toBe(false);
    expect(hook.result.current.loading).toBe(false);

    await loadMore(hook);
    expect(hook.result.current.images).toHaveLength(2 * PAGE_SIZE.category);
    expect(hook.result.current.allLoaded).toBe(false);

    await loadMore(hook);
    expect(hook.result.current.images).toHaveLength(all.length);
    expect(hook.result.current.allLoaded).toBe(true);
    // Every image once: the pages are slices of one shuffled list.
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(all));

    await loadMore(hook);
    expect(hook.result.current.images).toHaveLength(all.length);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('is allLoaded with the page that reaches the end exactly', async () => {
    list.mockResolvedValue(images('a', 2 * PAGE_SIZE.category));
    const hook = await mount();
    expect(hook.result.current.allLoaded).toBe(false);
    await loadMore(hook);
    expect(hook.result.current.images).toHaveLength(2 * PAGE_SIZE.category);
    expect(hook.result.current.allLoaded).toBe(true);
  });

  it('is allLoaded at once for a short or empty list', async () => {
    list.mockResolvedValue(images('a', 3));
    const short = await mount();
    expect(short.result.current.images).toHaveLength(3);
    expect(short.result.current.allLoaded).toBe(true);
    short.unmount();

    localStorage.removeItem(LIST_KEY);
    list.mockResolvedValue([]);
    const empty = await mount();
    expect(empty.result.current.images).toEqual([]);
    expect(empty.result.current.allLoaded).toBe(true);
  });

  it('ignores Load More while the list is still being fetched', async () => {
    let answer: (items: ClientImage[]) => void = () => {};
    list.mockReturnValue(
      new Promise<ClientImage[]>((resolve) => {
        answer = resolve;
      }),
    );
    const hook = renderHook(() => useCategoryImages(photography));
    await waitFor(() => expect(hook.result.current.loading).toBe(true));
    await act(async () => {
      await hook.result.current.loadMore();
    });
    expect(hook.result.current.images).toEqual([]);

    await act(async () => answer(images('a', 50)));
    await waitFor(() => expect(hook.result.current.started).toBe(true));
    // One page, not two: the click during the fetch was dropped, not queued.
    expect(hook.result.current.images).toHaveLength(PAGE_SIZE.category);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('serves a second visit from localStorage when the server’s lastUpdated is unchanged', async () => {
    const all = images('a', 30);
    list.mockResolvedValue(all);
    const first = await mount();
    expect(sortedIds(storedList() ?? [])).toEqual(sortedIds(all));
    expect(localStorage.getItem(STAMP_KEY)).toBe(T1);
    first.unmount();

    const second = await mount();
    expect(list).toHaveBeenCalledTimes(1);
    expect(metadata).toHaveBeenCalledTimes(2);
    expect(second.result.current.images).toHaveLength(PAGE_SIZE.category);
    await loadMore(second);
    expect(sortedIds(second.result.current.images)).toEqual(sortedIds(all));
    expect(second.result.current.allLoaded).toBe(true);
  });

  it('keeps a cached list whose stamp equals the server’s', async () => {
    const cached = images('cached', 10);
    localStorage.setItem(LIST_KEY, JSON.stringify(cached));
    localStorage.setItem(STAMP_KEY, T1);
    const hook = await mount();
    expect(list).not.toHaveBeenCalled();
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(cached));
    expect(localStorage.getItem(STAMP_KEY)).toBe(T1);
  });

  it('drops the cached list and refetches when the server’s lastUpdated is newer', async () => {
    localStorage.setItem(LIST_KEY, JSON.stringify(images('cached', 10)));
    localStorage.setItem(STAMP_KEY, T1);
    metadata.mockResolvedValue({ lastUpdated: T2 });
    const fresh = images('fresh', 12);
    list.mockResolvedValue(fresh);
    const hook = await mount();

    expect(list).toHaveBeenCalledTimes(1);
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(fresh));
    expect(localStorage.getItem(STAMP_KEY)).toBe(T2);
    expect(sortedIds(storedList() ?? [])).toEqual(sortedIds(fresh));
  });

  it('refetches when the server has no collection stamp (204), and forgets the old one', async () => {
    localStorage.setItem(LIST_KEY, JSON.stringify(images('cached', 10)));
    localStorage.setItem(STAMP_KEY, T1);
    metadata.mockResolvedValue(undefined);
    list.mockResolvedValue(images('fresh', 5));
    const hook = await mount();
    expect(list).toHaveBeenCalledTimes(1);
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(images('fresh', 5)));
    expect(localStorage.getItem(STAMP_KEY)).toBeNull();
  });

  it('a failed list ends in allLoaded without throwing', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    list.mockRejectedValue(new Error('503'));
    const hook = await mount();
    expect(hook.result.current.allLoaded).toBe(true);
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.images).toEqual([]);
    expect(warned).toHaveBeenCalledWith('category list failed', expect.any(Error));
    expect(localStorage.getItem(LIST_KEY)).toBeNull();
  });

  it('a failed metadata request still shows the cached list', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cached = images('cached', 10);
    localStorage.setItem(LIST_KEY, JSON.stringify(cached));
    localStorage.setItem(STAMP_KEY, T1);
    metadata.mockRejectedValue(new Error('offline'));
    const hook = await mount();
    expect(warned).toHaveBeenCalledWith('category metadata failed', expect.any(Error));
    expect(list).not.toHaveBeenCalled();
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(cached));
  });

  it('without consent to functionality storage caches nothing, so each visit fetches', async () => {
    localStorage.clear();
    list.mockResolvedValue(images('a', 5));
    (await mount()).unmount();
    expect(localStorage.getItem(LIST_KEY)).toBeNull();
    expect(localStorage.getItem(STAMP_KEY)).toBeNull();
    await mount();
    expect(list).toHaveBeenCalledTimes(2);
  });
  it('on a first visit asks for the list beside the metadata, not after it, and keeps both', async () => {
    let answerMetadata: (meta: { lastUpdated: string }) => void = () => {};
    metadata.mockReturnValue(new Promise((resolve) => (answerMetadata = resolve)));
    const all = images('a', 5);
    list.mockResolvedValue(all);
    const hook = await mount();
    // The first row is painted while the metadata is still on its way.
    expect(list).toHaveBeenCalledTimes(1);
    expect(sortedIds(hook.result.current.images)).toEqual(sortedIds(all));
    await act(async () => answerMetadata({ lastUpdated: T1 }));
    expect(localStorage.getItem(STAMP_KEY)).toBe(T1);
    expect(sortedIds(storedList() ?? [])).toEqual(sortedIds(all));
  });
});

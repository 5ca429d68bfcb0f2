// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteScroll } from '../../../frontend/src/features/gallery/hooks/use-infinite-scroll';
import { SCROLL, TIMINGS } from '../../../shared/constants';

const DEBOUNCE = TIMINGS.infiniteScrollDebounceMs;

/** The page's geometry as the hook reads it: document height, viewport height, scroll offset. */
const page = { height: 3000, viewport: 800, y: 0 };
/** The smallest scroll offset inside the end zone. */
const nearEnd = () => page.height - SCROLL.infiniteScrollPx - page.viewport;

const stubbed: [object, PropertyKey][] = [
  [document.documentElement, 'scrollHeight'],
  [window, 'innerHeight'],
  [window, 'scrollY'],
];
const saved = new Map<PropertyKey, PropertyDescriptor | undefined>();

function scrollTo(y: number) {
  page.y = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Mounts the hook; each call of `onNearEnd` asks for a page that lands when the test says (`land()`, `fail()`). */
function mount(enabled = true) {
  const pages: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const onNearEnd = vi.fn(() => new Promise<void>((resolve, reject) => pages.push({ resolve, reject })));
  const hook = renderHook(
    (props: { enabled: boolean; onNearEnd: () => Promise<void> }) => useInfiniteScroll(props.onNearEnd, props.enabled),
    {
      initialProps: { enabled, onNearEnd },
    },
  );
  const settle = async (how: 'resolve' | 'reject') => {
    const pending = pages.shift();
    await act(async () => (how === 'resolve' ? pending?.resolve() : pending?.reject(new Error('offline'))));
  };
  return { ...hook, onNearEnd, land: () => settle('resolve'), fail: () => settle('reject') };
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(page, { height: 3000, viewport: 800, y: 0 });
  const getters: Record<string, () => number> = {
    scrollHeight: () => page.height,
    innerHeight: () => page.viewport,
    scrollY: () => page.y,
  };
  for (const [target, key] of stubbed) {
    saved.set(key, Object.getOwnPropertyDescriptor(target, key));
    Object.defineProperty(target, key, { configurable: true, get: getters[key as string] });
  }
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const [target, key] of stubbed) {
    const descriptor = saved.get(key);
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else delete (target as Record<PropertyKey, unknown>)[key];
  }
});

describe('useInfiniteScroll', () => {
  it('fires once, a debounce after a scroll into the last SCROLL.infiniteScrollPx', () => {
    const { onNearEnd } = mount();
    advance(10 * DEBOUNCE);

    scrollTo(nearEnd() - 1);
    advance(10 * DEBOUNCE);
    expect(onNearEnd).not.toHaveBeenCalled();

    scrollTo(nearEnd());
    advance(DEBOUNCE - 1);
    expect(onNearEnd).not.toHaveBeenCalled();
    advance(1);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
  });

  it('debounces a burst of scroll events into one look', () => {
    const { onNearEnd } = mount();
    for (let i = 0; i < 5; i++) {
      scrollTo(nearEnd() + i * 10);
      advance(DEBOUNCE / 2);
    }
    expect(onNearEnd).not.toHaveBeenCalled();
    advance(DEBOUNCE / 2);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
  });

  it('does not fire again for more scrolling in the zone while the page it asked for is pending', () => {
    const { onNearEnd } = mount();
    scrollTo(nearEnd());
    advance(DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);

    for (let i = 1; i <= 5; i++) {
      scrollTo(nearEnd() + i * 20);
      advance(2 * DEBOUNCE);
    }
    scrollTo(page.height);
    advance(10 * DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
  });

  it('when the page lands looks once more without a scroll: fires if still near the end', async () => {
    const { onNearEnd, land } = mount();
    scrollTo(page.height - page.viewport); // the very bottom
    advance(DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    advance(10 * DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);

    // A page of mostly repeats: the end of the page is still in the zone.
    page.height += 50;
    await land();
    advance(DEBOUNCE - 1);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    advance(1);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
    // Once: no further look until the next page lands.
    advance(10 * DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
  });

  // A failed page lands too: the list shows its error, and the next approach may ask again.
  it.each(['land', 'fail'] as const)(
    'when the page that %ss carried the end out of the zone, waits for the visitor’s next approach',
    async (how) => {
      const hook = mount();
      scrollTo(nearEnd());
      advance(DEBOUNCE);
      page.height += 2000;
      await hook[how]();
      advance(10 * DEBOUNCE);
      expect(hook.onNearEnd).toHaveBeenCalledTimes(1);

      // The look reset the wait: the next approach fires.
      scrollTo(nearEnd());
      advance(DEBOUNCE);
      expect(hook.onNearEnd).toHaveBeenCalledTimes(2);
    },
  );

  it('a page that lands after unmount starts no look', async () => {
    const { onNearEnd, land, unmount } = mount();
    scrollTo(page.height - page.viewport);
    advance(DEBOUNCE);
    unmount();
    await land();
    advance(10 * DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
  });

  it('never fires while disabled', () => {
    page.height = 900; // the whole page is in the zone
    const { onNearEnd, rerender } = mount(false);
    scrollTo(100);
    advance(10 * DEBOUNCE);
    rerender({ enabled: false, onNearEnd });
    scrollTo(100);
    advance(10 * DEBOUNCE);
    expect(onNearEnd).not.toHaveBeenCalled();
  });

  it('disabling cancels a pending look; enabling again listens again', () => {
    const { onNearEnd, rerender } = mount();
    scrollTo(nearEnd());
    rerender({ enabled: false, onNearEnd });
    advance(10 * DEBOUNCE);
    expect(onNearEnd).not.toHaveBeenCalled();

    rerender({ enabled: true, onNearEnd });
    scrollTo(nearEnd());
    advance(DEBOUNCE);
    expect(onNearEnd).toHaveBeenCalledTimes(1);
  });

  it('calls the latest onNearEnd', () => {
    const { onNearEnd, rerender } = mount();
    const next = vi.fn(() => new Promise<void>(() => {}));
    rerender({ enabled: true, onNearEnd: next });
    scrollTo(nearEnd());
    advance(DEBOUNCE);
    expect(onNearEnd).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('unmount removes the scroll listener and cancels a pending look', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { onNearEnd, unmount } = mount();
    scrollTo(nearEnd());
    unmount();
    expect(removed).toHaveBeenCalledWith('scroll', expect.any(Function));
    advance(10 * DEBOUNCE);
    scrollTo(page.height);
    advance(10 * DEBOUNCE);
    expect(onNearEnd).not.toHaveBeenCalled();
  });
});

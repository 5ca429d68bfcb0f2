import { SCROLL, TIMINGS } from '@shared/constants';
import { useEffect, useRef } from 'react';

/**
 * Calls `onNearEnd` when the page is scrolled within 200 px of its bottom, debounced 100 ms (spec section 4): one
 * page per approach. Having fired, it waits for that page to land (`loading` back to false) and then looks once
 * more, without a scroll event: if the new tiles did not carry the end of the page out of the zone (a page of
 * mostly repeats adds little height), the approach goes on with the next page; otherwise the visitor's next
 * approach fires it. Firing on every scroll event inside the zone loaded every remaining page in a burst.
 * The callee guards re-entry.
 *
 * 'Landed' is told twice, and either suffices: `loading` going back to false, and (when `onNearEnd` returns a
 * promise) that promise settling. React may batch a fast page's `loading` true and false into one render, so the
 * transition alone was not always seen, and the hook then waited for ever (the gallery e2e test's old flake).
 */
export function useInfiniteScroll(onNearEnd: () => unknown, enabled: boolean, loading: boolean): void {
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  /** The check of the current effect, so a landed page can ask for one. */
  const recheck = useRef<() => void>(() => {});
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let waiting = false;
    let live = true;
    const check = () => {
      const height = document.documentElement.scrollHeight;
      const near = window.innerHeight + window.scrollY >= height - SCROLL.infiniteScrollPx;
      if (near && !waiting) {
        waiting = true;
        const landed = callback.current();
        if (landed instanceof Promise) {
          void landed
            .catch(() => {})
            .then(() => {
              if (live) recheck.current();
            });
        }
      }
    };
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, TIMINGS.infiniteScrollDebounceMs);
    };
    recheck.current = () => {
      waiting = false;
      schedule();
    };
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      live = false;
      window.clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      recheck.current = () => {};
    };
  }, [enabled]);
  // A page landed (or failed): look again once it is laid out.
  useEffect(() => {
    if (!loading) recheck.current();
  }, [loading]);
}

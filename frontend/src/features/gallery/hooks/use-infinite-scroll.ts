import { useEffect, useRef } from 'react';
import { SCROLL, TIMINGS } from '../../../../../shared/constants';

/**
 * Calls `onNearEnd` when the page is scrolled within 200 px of its bottom, debounced 100 ms (spec section 4): once
 * per approach. Having fired, it fires again only at a new end (the document grew: the page arrived) or after the
 * view has left the zone and come back (so a failed or empty page can be retried). Firing on every scroll event
 * inside the zone loaded every remaining page in a burst.
 * The callee guards re-entry.
 */
export function useInfiniteScroll(onNearEnd: () => void, enabled: boolean): void {
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let firedAtHeight = -1;
    const check = () => {
      const height = document.documentElement.scrollHeight;
      const near = window.innerHeight + window.scrollY >= height - SCROLL.infiniteScrollPx;
      if (!near) firedAtHeight = -1;
      else if (height !== firedAtHeight) {
        firedAtHeight = height;
        callback.current();
      }
    };
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, TIMINGS.infiniteScrollDebounceMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
}

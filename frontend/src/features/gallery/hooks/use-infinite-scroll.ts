import { useEffect, useRef } from 'react';
import { SCROLL, TIMINGS } from '../../../../../shared/constants';

/**
 * Calls `onNearEnd` when the page is scrolled within 200 px of its bottom, debounced 100 ms
 * (spec section 4). The callee guards re-entry.
 */
export function useInfiniteScroll(onNearEnd: () => void, enabled: boolean): void {
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const check = () => {
      const bottom = window.innerHeight + window.scrollY;
      if (bottom >= document.documentElement.scrollHeight - SCROLL.infiniteScrollPx) callback.current();
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

import { SCROLL, TIMINGS } from '@shared/constants';
import { useEffect, useRef } from 'react';

/**
 * Calls `onNearEnd` when the page is scrolled within 200 px of its bottom, debounced 100 ms (spec section 4): one
 * page per approach. Having fired, it waits for the promise `onNearEnd` returned (the page it asked for; a page
 * already in flight answers that page's promise) and then looks once more, without a scroll event: if the new tiles
 * did not carry the end of the page out of the zone (a page of mostly repeats adds little height), the approach
 * goes on with the next page; otherwise the visitor's next approach fires it. Firing on every scroll event inside
 * the zone loaded every remaining page in a burst. The promise, not a `loading` flag, tells that the page landed:
 * React may batch a fast page's loading true and false into one render, and a transition never seen waited for ever.
 */
export function useInfiniteScroll(onNearEnd: () => Promise<unknown>, enabled: boolean): void {
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let waiting = false;
    let live = true;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, TIMINGS.infiniteScrollDebounceMs);
    };
    const landed = () => {
      if (!live) return;
      waiting = false;
      schedule();
    };
    function check() {
      const height = document.documentElement.scrollHeight;
      const near = window.innerHeight + window.scrollY >= height - SCROLL.infiniteScrollPx;
      if (!near || waiting) return;
      waiting = true;
      // A failed page lands too: the list shows its error, and the next approach may try again.
      void callback.current().then(landed, landed);
    }
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      live = false;
      window.clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
    };
  }, [enabled]);
}

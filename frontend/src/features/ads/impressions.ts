import { ADS } from '@shared/constants';
import { API_BASE } from '../../lib/api-client';

/*
 * Loaded by the ad tile on mount (a dynamic import), never with a page's first JS: an impression can only count a
 * second after an ad is in view, so the first-visit budget (≤ 100 kB) does not carry it.
 */

/**
 * The visibility rule of an impression (docs/ads.md): at least ADS.impressionVisibleShare of the ad in
 * view, in a visible tab, for ADS.impressionVisibleMs without a break; a break starts the second again.
 * Fires at most once. The clock is injectable, so the rule is tested without a browser.
 */
export function dwellTimer(
  onDwell: () => void,
  ms: number = ADS.impressionVisibleMs,
  timers: { set: (fn: () => void, ms: number) => number; clear: (id: number) => void } = {
    set: (fn, wait) => window.setTimeout(fn, wait),
    clear: (id) => window.clearTimeout(id),
  },
) {
  let pending: number | undefined;
  let done = false;
  return {
    /** Whether the ad is in view now (enough of it, in a visible tab). */
    update(inView: boolean) {
      if (done) return;
      if (!inView) {
        if (pending !== undefined) timers.clear(pending);
        pending = undefined;
      } else if (pending === undefined) {
        pending = timers.set(() => {
          pending = undefined;
          done = true;
          onDwell();
        }, ms);
      }
    },
    stop() {
      if (pending !== undefined) timers.clear(pending);
      pending = undefined;
      done = true;
    },
  };
}

/** Ads counted in this page view (a route change is a new page view): once per ad per page. */
const counted = new Set<string>();

/** The counting beacon: no body, no cookie (same-origin beacons carry none: the site sets none), no visitor id. */
function sendImpression(id: string): void {
  const url = `${API_BASE}/ads/${encodeURIComponent(id)}/impression`;
  if (navigator.sendBeacon?.(url)) return;
  void fetch(url, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => undefined);
}

/**
 * Watches one ad tile and sends its impression once it has been in view by the rule above. Returns
 * the clean-up. Where IntersectionObserver is missing nothing is counted (never a guess).
 */
export function watchImpression(element: Element, id: string): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const key = () => `${location.pathname}#${id}`;
  if (counted.has(key())) return () => undefined;
  let ratioInView = false;
  const timer = dwellTimer(() => {
    if (counted.has(key())) return;
    counted.add(key());
    sendImpression(id);
  });
  const check = () => timer.update(ratioInView && document.visibilityState === 'visible');
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) ratioInView = entry.isIntersecting && entry.intersectionRatio >= ADS.impressionVisibleShare;
      check();
    },
    { threshold: [0, ADS.impressionVisibleShare] },
  );
  observer.observe(element);
  document.addEventListener('visibilitychange', check);
  return () => {
    timer.stop();
    observer.disconnect();
    document.removeEventListener('visibilitychange', check);
  };
}

/**
 * The classic script every page runs in its head, before the body (frontend/build/boot-script.ts, bootScriptSource, bundles it, with the
 * shared modules it imports, into one small file; a file, not an inline script: the site's CSP is script-src 'self').
 * It must stay small and import nothing heavy: it blocks the parser for as long as it takes.
 */
import { toClientImage } from '../../shared/client-image';
import type { GalleryImage } from '../../shared/schemas/gallery';
import { routePath } from '../../shared/static-paths';
import { thumbnailSrcSet } from '../../shared/thumbnails';

/** A GET sent early on a path (its url as the api client builds it), unless storage holds the answer already. */
interface EarlyAnswer {
  url: string;
  unlessStored?: string;
  /** A category page's list: its first picture is picked here and preloaded (see preloadFirstPicture). */
  firstPicture?: { sizes: string; filesHost: string };
}

interface RoutePreloads {
  name: string;
  paths: string[];
  files: string[];
  answers?: Record<string, EarlyAnswer[]>;
}

interface BootWindow {
  artloomEarlyAnswers?: Record<string, Promise<Response>>;
  /** The id of the picture preloaded for a category grid's first tile (src/features/categories/hooks/use-category-images.ts). */
  artloomFirstPicture?: string;
  /** This path's page chunk is on its way (listed in route-preloads): src/main.tsx waits for it before the first render. */
  artloomPagePreloaded?: boolean;
}

const bootWindow = window as unknown as BootWindow;
const root = document.documentElement;

// A prerendered page (index.html: home; generate.html: /generate) carries its path's first render, named by
// <html data-page>; every other path gets index.html (SPA fallback), so mark the document and let the stylesheet
// hide that markup until the app renders the real page.
const deepLink = routePath(location.pathname) !== (root.getAttribute('data-page') || '/');
if (deepLink) root.setAttribute('data-deep-link', '');

// The consent banner is in that prerendered markup too (a new visitor's first paint): a visitor who
// has decided (src/lib/consent.ts, key 'cookieConsent') must not see it flash before the app reads the choice.
try {
  if (localStorage.getItem('cookieConsent')) root.setAttribute('data-consent-decided', '');
} catch {
  // Storage blocked: the app shows the banner as for a new visitor.
}

const stored = (key: string) => {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
};

/**
 * A category page's first picture, the phone's LCP: picked here (uniformly, as the app's shuffle would) as soon as the
 * list answers, and preloaded with the tile's own srcset and sizes, so its request does not wait for the app to run and
 * render the grid (issue 25). The app puts that picture first in its shuffled list (artloomFirstPicture).
 */
function preloadFirstPicture(list: unknown, { sizes, filesHost }: { sizes: string; filesHost: string }): void {
  if (!Array.isArray(list) || list.length === 0) return;
  const picked = list[Math.floor(Math.random() * list.length)] as GalleryImage | undefined;
  if (!picked || typeof picked.id !== 'string') return;
  const image = toClientImage(picked, filesHost);
  if (!image.thumbnailUrl) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  const srcset = thumbnailSrcSet(image);
  if (srcset) {
    link.setAttribute('imagesrcset', srcset);
    link.setAttribute('imagesizes', sizes);
  }
  link.href = image.thumbnailUrl;
  document.head.appendChild(link);
  bootWindow.artloomFirstPicture = image.id;
}

// The lazy chunks of this path's first screen, listed at build time (frontend/build/prerender-pages.ts,
// withRoutePreloads): the generator on '/' and '/generate', a category page's chunk on its path;
// preloaded at low priority beside the first chunk, and nothing another path needs. A category
// page's API requests go out now as well; src/lib/api-client.ts takes each answer once, by url.
const routePreloads = document.getElementById('route-preloads');
const earlyAnswers: Record<string, Promise<Response>> = {};
const routes = routePreloads ? (JSON.parse(routePreloads.textContent || '[]') as RoutePreloads[]) : [];
for (const route of routes) {
  if (!route.paths.includes(location.pathname)) continue;
  bootWindow.artloomPagePreloaded = true;
  for (const href of route.files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  }
  for (const answer of route.answers?.[location.pathname] ?? []) {
    if (answer.unlessStored && stored(answer.unlessStored)) continue;
    const request = fetch(answer.url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    // Its reader sees a failure; one nobody reads must not surface as an unhandled rejection.
    request.catch(() => {});
    const first = answer.firstPicture;
    // Registered before the app can read the answer: the clone is taken while the body is unread.
    if (first) {
      request
        .then((response) => (response.ok ? response.clone().json() : undefined))
        .then((list: unknown) => preloadFirstPicture(list, first))
        .catch(() => {});
    }
    earlyAnswers[answer.url] = request;
  }
}
bootWindow.artloomEarlyAnswers = earlyAnswers;

// The app's first chunk runs after the first paint. Run by a module script, its evaluation (and home's
// hydration) came before the browser painted the prerendered page, so the consent text, the first
// screen's largest text, waited on it (issue 25). index.html lists it as a modulepreload link marked
// data-app-entry (frontend/build/prerender-pages.ts): fetched as early, run one frame later.
const startApp = () => {
  const entry = document.querySelector('link[data-app-entry]');
  if (!entry || document.querySelector('script[data-app-entry]')) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry.getAttribute('href') ?? '';
  script.setAttribute('data-app-entry', '');
  document.head.appendChild(script);
};
/**
 * When to start it: after the browser has shown the prerendered page's first contentful paint (the paint timing entry),
 * not merely after a frame began. On this project's 2-core test host, headless Chromium presented that frame ~1 s after
 * it was painted, and the app's chunk (~1.2 s of script there) ran in between: the first paint, home's LCP, waited
 * behind it in Lighthouse's simulation (docs/frontend.md). A deep link hides the prerendered markup (nothing contentful
 * paints before the app renders it), and a hidden tab paints nothing: those start at once. FIRST_PAINT_WAIT_MS bounds
 * the wait where the entry never comes (no paint timing support, a paint the browser does not count).
 */
const FIRST_PAINT_WAIT_MS = 2_000;
function afterFirstContentfulPaint(start: () => void): void {
  const paintTiming = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming) {
    requestAnimationFrame(() => setTimeout(start));
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(timer);
    setTimeout(start);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(go, FIRST_PAINT_WAIT_MS);
}
document.addEventListener('DOMContentLoaded', () => {
  if (document.visibilityState === 'hidden' || deepLink) startApp();
  else afterFirstContentfulPaint(startApp);
});

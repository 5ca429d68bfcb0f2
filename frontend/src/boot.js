// index.html carries home's prerendered first render; every other path gets the same file (SPA
// fallback), so mark the document and let the stylesheet hide that markup until the app renders the
// real page. A file, not an inline script: the site's CSP is script-src 'self'.
if (location.pathname !== '/') document.documentElement.setAttribute('data-deep-link', '');
// The consent banner is in that prerendered markup too (a new visitor's first paint): a visitor who
// has decided (src/lib/consent.ts, key 'cookieConsent') must not see it flash before the app reads the choice.
try {
  if (localStorage.getItem('cookieConsent')) document.documentElement.setAttribute('data-consent-decided', '');
} catch {
  // Storage blocked: the app shows the banner as for a new visitor.
}
// The lazy chunks of this path's first screen, listed at build time (frontend/vite.config.ts,
// withRoutePreloads): home's generator on '/' and '/generate', a category page's chunk on its path;
// preloaded at low priority beside the first chunk, and nothing another path needs. A category
// page's API requests go out now as well; src/lib/api-client.ts takes each answer once, by url.
const routePreloads = document.getElementById('route-preloads');
const earlyAnswers = {};
const stored = (key) => {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
};
for (const route of routePreloads ? JSON.parse(routePreloads.textContent || '[]') : []) {
  if (!route.paths.includes(location.pathname)) continue;
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
    earlyAnswers[answer.url] = request;
  }
}
window.artloomEarlyAnswers = earlyAnswers;

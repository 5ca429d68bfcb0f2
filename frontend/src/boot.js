// A prerendered page (index.html: home; generate.html: /generate) carries its path's first render, named by
// <html data-page>; every other path gets index.html (SPA fallback), so mark the document and let the stylesheet
// hide that markup until the app renders the real page. A file, not an inline script: the site's CSP is script-src 'self'.
const pagePath = (path) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';
if (pagePath(location.pathname) !== (document.documentElement.getAttribute('data-page') || '/')) {
  document.documentElement.setAttribute('data-deep-link', '');
}
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
// The app's first chunk runs after the first paint. Run by a module script, its evaluation (and home's
// hydration) came before the browser painted the prerendered page, so the consent text, the first
// screen's largest text, waited on it (issue 25). index.html lists it as a modulepreload link marked
// data-app-entry (frontend/vite.config.ts, prerenderHome): fetched as early, run one frame later.
const startApp = () => {
  const entry = document.querySelector('link[data-app-entry]');
  if (!entry || document.querySelector('script[data-app-entry]')) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry.getAttribute('href');
  script.setAttribute('data-app-entry', '');
  document.head.appendChild(script);
};
document.addEventListener('DOMContentLoaded', () => {
  // A hidden tab paints no frame to wait for.
  if (document.visibilityState === 'hidden') startApp();
  else requestAnimationFrame(() => setTimeout(startApp));
});

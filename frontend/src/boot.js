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
// Home's generator chunks, listed at build time (frontend/vite.config.ts, withGeneratorPreload):
// preloaded at low priority where the first screen is the generator ('/' hydrates the prerender with
// them, '/generate' renders them), and nowhere else, so a category page fetches none of them.
if (location.pathname === '/' || location.pathname === '/generate') {
  const preloads = document.getElementById('generator-preloads');
  for (const href of preloads ? JSON.parse(preloads.textContent || '[]') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  }
}

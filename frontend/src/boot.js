// index.html carries home's prerendered first render; every other path gets the same file (SPA
// fallback), so mark the document and let the stylesheet hide that markup until the app renders the
// real page. A file, not an inline script: the site's CSP is script-src 'self'.
if (location.pathname !== '/') document.documentElement.setAttribute('data-deep-link', '');

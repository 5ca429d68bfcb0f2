import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Inter, self-hosted from npm (no outside request); the browser fetches only the subsets a page's text uses.
import '@fontsource-variable/inter/wght.css';
// The site-wide styles before App: every component imports its own stylesheet, and Vite orders a chunk's CSS by
// import order, so the components' rules follow these in the cascade and may refine them (docs/frontend.md 'Styles').
import './styles/global.css';
import './styles/controls.css';
import { routePath } from '@shared/static-paths';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { reloadOnceOnStaleChunks } from './lib/chunk-reload';
import { beginHydration } from './lib/use-hydrated';

reloadOnceOnStaleChunks();

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A prerendered page holds its path's first render (src/prerender.tsx; index.html home's, generate.html
  // /generate's): that path hydrates it; any other path (the SPA fallback serves index.html) drops it and renders its own.
  // The path whose first render the page holds (frontend/build/prerender-pages.ts), if any.
  const prerendered = root.getAttribute('data-prerendered');
  const start = () => {
    root.removeAttribute('data-prerendered');
    if (prerendered === routePath(location.pathname)) {
      beginHydration();
      startTransition(() => {
        hydrateRoot(root, app);
      });
    } else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  };
  // The page's chunk first where src/boot.ts has been fetching it beside this one (the prerendered pages, the category
  // pages): a first render that suspends on it holds every reveal back 300 ms (src/lib/lazy-page.tsx). Elsewhere the
  // shell renders at once with the route's progress bar while the chunk loads. A failed load renders anyway.
  const preloaded = (window as { artloomPagePreloaded?: boolean }).artloomPagePreloaded === true;
  (preloaded ? preloadPage(location.pathname) : Promise.resolve()).then(start, start);
}

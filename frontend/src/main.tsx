import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Inter, self-hosted from npm (no outside request); the browser fetches only the subsets a page's text uses.
import '@fontsource-variable/inter/wght.css';
// The site-wide styles before App: every component imports its own stylesheet, and Vite orders a chunk's CSS by
// import order, so the components' rules follow these in the cascade and may refine them (docs/frontend.md 'Styles').
import './styles/global.css';
import './styles/controls.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // index.html holds home's prerendered first render (src/prerender.tsx): home hydrates it; any other
  // path (SPA fallback serves the same file) drops it and renders its own page.
  const prerendered = root.hasAttribute('data-prerendered');
  root.removeAttribute('data-prerendered');
  if (prerendered && location.pathname === '/') hydrateRoot(root, app);
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

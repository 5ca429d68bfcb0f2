import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/global.css';

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

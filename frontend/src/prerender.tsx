import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { type PrerenderedHead, prerenderedHead } from './components/ui/seo';

/**
 * Build time only (frontend/build/prerender-pages.ts): the app's first render of `url` as HTML, as a new
 * visitor sees it before any API answer, with lazy parts (the footer's newsletter form) resolved.
 * index.html (home) and generate.html carry it so the page paints before the JS runs; main.tsx hydrates it. Browser-only
 * values wait for useHydrated() so the hydrating render matches.
 */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `render`, with the title and description the page's Seo gave (for the head of its own HTML file). */
export async function renderPage(url: string): Promise<{ markup: string; head?: PrerenderedHead }> {
  prerenderedHead.current = undefined;
  const markup = await render(url);
  return { markup, head: prerenderedHead.current };
}

import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';

/**
 * Build time only (frontend/vite.config.ts): the app's first render of `url` as HTML, as a new
 * visitor sees it before any API answer, with lazy parts (the footer's newsletter form) resolved.
 * index.html carries it so home paints before the JS runs; main.tsx hydrates it. Browser-only
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

import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

/**
 * Puts home's first render (src/prerender.tsx, rendered in Node at build time) into index.html, so
 * the browser paints the navbar and the studio as soon as the HTML and CSS arrive instead of after
 * the JS has run (Lighthouse LCP; docs/frontend.md 'Budgets'). On home the client hydrates it
 * (src/main.tsx); on other paths public/boot.js hides it and the client renders afresh.
 */
// The footer's year in the prerender; the hydrating render reads the same value (footer.tsx).
process.env.VITE_PRERENDER_YEAR ??= String(new Date().getFullYear());

function prerenderHome(): Plugin {
  return {
    name: 'artloom-prerender-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          plugins: [react()],
        });
        try {
          const { render } = (await server.ssrLoadModule('/src/prerender.tsx')) as { render: (url: string) => Promise<string> };
          const markup = await render('/');
          const marker = '<div id="root"></div>';
          if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
          // With the page painted from HTML and CSS, the scripts are not needed for the first paint:
          // a low fetch priority lets the stylesheet go first.
          return html
            .replace(marker, `<div id="root" data-prerendered>${markup}</div>`)
            .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
            .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
        } finally {
          await server.close();
        }
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), prerenderHome()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets `npm run bench` measure exactly what the home page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod (~25 kB gzip) is only needed by lazily loaded validators: keep it in its own chunk so
          // it never rides along with a small shared module that the first chunk imports.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
});

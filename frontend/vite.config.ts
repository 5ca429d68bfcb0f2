import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The build's plugins live in build/ (each file under 300 lines); with their extensions: Vite's config loader warns on
// every start about an extensionless import (its native loader, the next default, needs the file name).
import { bootScript } from './build/boot-script.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { answerSchemas, categoryLinks, SHARED_ALIAS } from './build/virtual-modules.ts';

// The footer's year in the prerender; the hydrating render reads the same value (footer.tsx).
process.env.VITE_PRERENDER_YEAR ??= String(new Date().getFullYear());

/**
 * React Router publishes its production build beside the development one but exports only the latter (dev warnings,
 * invariant messages, extra checks): the build takes the production files, as `npm start` and AWS serve it (494
 * bytes gzip less in the first visit's JS, measured 28 Nov; docs/frontend.md). `vite dev` keeps the warnings.
 */
const ROUTER_PRODUCTION = join(import.meta.dirname, '../node_modules/react-router/dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: join(ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(ROUTER_PRODUCTION, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), categoryLinks(), answerSchemas(), bootScript(), prerenderPages()],
  resolve: {
    alias: [
      ...Object.entries(SHARED_ALIAS).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? productionRouter : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets `npm run bench` measure exactly what the home page loads first.
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">; no polyfill in the first chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The prerender (transformIndexHtml) dominates build time by design; no timing report for it.
      checks: { pluginTimings: false },
      preserveEntrySignatures: 'allow-extension',
      output: {
        // Six hash characters instead of eight: the entry names every lazy chunk (its imports and preload map), and
        // random hash characters are the one thing gzip cannot shrink (≈ 80 bytes of the first visit's budget).
        chunkFileNames: 'assets/[name]-[hash:6].js',
        codeSplitting: {
          // zod (~25 kB gzip) is only needed by lazily loaded validators: keep it in its own chunk so
          // it never rides along with a small shared module that the first chunk imports.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // A category page's own modules, one chunk.
            {
              name: 'category',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /frontend[\\/]src[\\/](app[\\/]routes[\\/]category\.tsx$|features[\\/]categories[\\/])/,
            },
            // What every page loads after its first render (the footer with its newsletter form and the categories
            // table its links come from, the consent banner): one chunk instead of six.
            {
              name: 'layout',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /frontend[\\/]src[\\/](app[\\/]layout[\\/]footer\.tsx$|features[\\/](forms[\\/](newsletter-form\.tsx|components[\\/]honeypot-field\.tsx|forms\.css)$|consent[\\/]cookie-banner\.tsx$))|shared[\\/](form-fields|category-table)\./,
            },
            // The generator (home and /generate): one chunk instead of four. The studio's options and a job's pictures
            // (issue 32) stay out: they load when the visitor turns to the studio, not on a first visit.
            {
              name: 'generator',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /frontend[\\/]src[\\/](app[\\/]routes[\\/](generator-page|generate)\.tsx$|features[\\/](studio[\\/](components[\\/](?!studio-|variant-)|hooks[\\/]|generation-state\.|api[\\/](quota|health)-api\.)|gallery[\\/](hooks[\\/]|home-once\.|wall-id\.|components[\\/](gallery-panel|gallery-tabs|showcase-wall)\.)))/,
            },
            // What a page of pictures needs, shared by the generator (home, /generate), the category pages, search and
            // the viewer: one chunk instead of 15 (0.2–1.9 kB each), each a request and a round trip on a phone (issue 25).
            {
              name: 'pictures',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /frontend[\\/]src[\\/](lib[\\/](api-client|storage|validators|answer-check|answer-schemas|site|visitor|use-modal-dialog)\.|components[\\/]ui[\\/](thumbnail|spinner|masonry-grid|back-to-top)\.tsx?$|features[\\/](ads[\\/](api[\\/]|hooks[\\/]|pick\.|components[\\/](ad-tile|ad-grid|lazy-ad-popup)\.)|lightbox[\\/](components[\\/]lazy-lightbox|hooks)[\\/.]|gallery[\\/](api[\\/]gallery-api|components[\\/]picture-tile)\.))|virtual:answer-schemas|shared[\\/](url-rule|client-image|thumbnails|ratio-table|viewer-address)\./,
            },
          ],
        },
      },
    },
  },
}));

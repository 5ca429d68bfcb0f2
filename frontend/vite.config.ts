import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { buildSync } from 'esbuild';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { createServer, defineConfig, type Plugin } from 'vite';
import { z } from 'zod';
import type * as CategoryTable from '../shared/category-table';
// With its extension: Vite's config loader warns on every start about an extensionless import (its native loader, the
// next default, needs the file name).
import { escapeHtml } from '../shared/html.ts';
import type * as SiteRoutes from '../shared/site-routes';

/**
 * Runs TS/TSX modules of the app in Node with a throwaway Vite server, kept open while `use` runs
 * (the prerender's lazy imports load through it). The config itself imports nothing from the app.
 */
/** `@shared/…` is the repo's shared/ folder (frontend/tsconfig.json's paths say the same to TypeScript). */
export const SHARED_ALIAS = { '@shared': join(import.meta.dirname, '..', 'shared') };

async function withSsr<T>(plugins: Plugin[], use: (load: (path: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Modules are loaded for SSR only: no browser dependency pre-bundling (its scan cannot resolve the virtual modules).
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [react(), ...plugins],
    resolve: { alias: SHARED_ALIAS },
  });
  try {
    return await use((path) => server.ssrLoadModule(path));
  } finally {
    await server.close();
  }
}

/** A virtual module `id` whose source `generate` makes once, on first import. */
function virtualModule(name: string, id: string, generate: () => Promise<string>): Plugin {
  let source: Promise<string> | undefined;
  return {
    name,
    resolveId: (requested) => (requested === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      source ??= generate();
      return source;
    },
  };
}

const CATEGORY_LINKS_ID = 'virtual:category-links';

/**
 * `virtual:category-links`: the few fields of shared/category-table.ts that the shell (routes,
 * navbar, page titles) needs, generated from it at build time, so home's first chunk does not carry
 * the whole table (hero titles, taglines, storage keys: the category chunk and the footer load it).
 */
function categoryLinks(): Plugin {
  const generate = async () => {
    const { CATEGORIES, pageTitle } = await withSsr(
      [],
      async (load) => (await load('/../shared/category-table.ts')) as typeof CategoryTable,
    );
    const links = CATEGORIES.map(({ slug, navLabel, inNavbar }) => ({ slug, navLabel, inNavbar }));
    return [
      `export const CATEGORY_LINKS = ${JSON.stringify(links)};`,
      `export const PAGE_TITLE_SUFFIX = ${JSON.stringify(pageTitle(''))};`,
    ].join('\n');
  };
  return virtualModule('artloom-category-links', CATEGORY_LINKS_ID, generate);
}

const ANSWER_SCHEMAS_ID = 'virtual:answer-schemas';

/** The answers the browser parses, by the name src/lib/answer-schemas.ts gives them: [module, export]. */
const ANSWER_SCHEMAS = {
  galleryImage: ['gallery', 'galleryImageSchema'],
  galleryImageList: ['gallery', 'galleryImageListSchema'],
  collectionOverviewList: ['gallery', 'collectionOverviewListSchema'],
  categoryMetadata: ['gallery', 'categoryMetadataSchema'],
  searchResponse: ['gallery', 'searchResponseSchema'],
  shareResponse: ['gallery', 'shareResponseSchema'],
  jobStatusResponse: ['generation', 'jobStatusResponseSchema'],
  generateAccepted: ['generation', 'generateAcceptedSchema'],
  quotaResponse: ['safety', 'quotaResponseSchema'],
} as const;

/**
 * `virtual:answer-schemas`: the shared zod schemas of the API's answers as JSON Schema, generated
 * at build time (src/lib/answer-check.ts checks them), and the generation messages the studio
 * shows, so the browser parses answers without zod. Anything JSON Schema cannot say fails the build.
 */
export function answerSchemas(): Plugin {
  const generate = () =>
    withSsr([], async (load) => {
      const lines: string[] = [];
      for (const [name, [file, exported]] of Object.entries(ANSWER_SCHEMAS)) {
        const schema = ((await load(`/../shared/schemas/${file}.ts`)) as Record<string, z.ZodType>)[exported];
        if (!schema) throw new Error(`shared/schemas/${file}.ts exports no ${exported}`);
        const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
        delete json.$schema;
        lines.push(`export const ${name} = ${JSON.stringify(json)};`);
      }
      const messages = (await load('/../shared/schemas/generation.ts')) as Record<string, string>;
      for (const key of ['GENERIC_GENERATION_ERROR', 'GENERATION_SUCCESS'])
        lines.push(`export const ${key} = ${JSON.stringify(messages[key])};`);
      return lines.join('\n');
    });
  return virtualModule('artloom-answer-schemas', ANSWER_SCHEMAS_ID, generate);
}

/**
 * src/boot.ts as the classic script the pages run in their head: one minified IIFE with the shared modules it imports
 * (the url rule, the client image, the thumbnail widths), so the first picture it preloads has exactly the srcset the
 * grid's tile asks for. Also run by its unit test (test/unit/frontend/boot-consent.test.ts).
 */
export function bootScriptSource(): string {
  const result = buildSync({
    entryPoints: [join(import.meta.dirname, 'src/boot.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild wrote no boot script');
  return file.text;
}

/**
 * src/boot.ts, the classic script the pages run before the body (see that file), bundled by bootScriptSource: hashed into
 * assets/ at build time like every other asset (the CDN caches assets/ as immutable), served as /boot.js by the dev
 * server.
 */
function bootScript(): Plugin {
  const source = bootScriptSource();
  const fileName = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'artloom-boot-script',
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.server) return html;
        // index.html marks it vite-ignore: Vite leaves this classic script alone (it bundles module scripts only).
        const tag = /<script src="\/boot\.js"[^>]*><\/script>/;
        if (!tag.test(html)) throw new Error('index.html has no <script src="/boot.js">');
        return html.replace(tag, `<script src="/${fileName}"></script>`);
      },
    },
  };
}

// The footer's year in the prerender; the hydrating render reads the same value (footer.tsx).
process.env.VITE_PRERENDER_YEAR ??= String(new Date().getFullYear());

/**
 * The lazy chunks a first screen needs, preloaded by src/boot.ts beside the first chunk so their
 * requests do not wait for it to run: home's generator (studio, wall, gallery), which hydrates the
 * prerendered markup (src/app/routes/home.tsx) and which /generate renders too; a category page's
 * chunk and masonry grid, whose API requests (list, metadata, ads) boot.ts sends at once too, so the
 * first row is painted from answers requested with the HTML. Both with the answer schemas their first
 * API answers need. The lists are
 * a JSON data block read by boot.ts, not <link> tags, so no path fetches another's (issue 25).
 * `npm run bench -- frontend` and `npm run check:js-budget` count the generator's (home's) list.
 */
/** A GET src/boot.ts sends early on a path (its url as the api client builds it), unless storage holds the answer already. */
interface EarlyAnswer {
  url: string;
  unlessStored?: string;
  /** A category page's list: boot.ts picks and preloads its first picture, with the grid tile's `sizes`. */
  firstPicture?: { sizes: string; filesHost: string };
}

function withRoutePreloads(html: string, bundle: OutputBundle | undefined, categories: Map<string, EarlyAnswer[]>): string {
  if (!bundle) return html;
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const chunkOf = (module: string) => {
    const chunk =
      chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`no ${module} chunk in the bundle`);
    return chunk;
  };
  const filesOf = (...modules: string[]) => {
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (chunk.isEntry || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const name of chunk.imports) {
        const next = chunks.find((c) => c.fileName === name);
        if (next) visit(next);
      }
    };
    for (const module of modules) visit(chunkOf(module));
    // What index.html already loads (the entry's own imports) needs no second preload.
    return [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => `/${f}`);
  };
  const routes = [
    { name: 'generator', paths: ['/'], files: filesOf('/src/app/routes/generator-page.tsx', '/src/lib/answer-schemas.ts') },
    // /generate's page chunk (its own prerendered page, hydrated once the chunk is in: src/main.tsx) with the generator's.
    { name: 'generate', paths: ['/generate'], files: filesOf('/src/app/routes/generate.tsx', '/src/lib/answer-schemas.ts') },
    {
      name: 'category',
      paths: [...categories.keys()],
      files: filesOf('/src/app/routes/category.tsx', '/src/lib/answer-schemas.ts'),
      // The page's API requests too, so its first row and its top ads (often the phone's LCP) do not wait for the JS.
      answers: Object.fromEntries(categories),
    },
  ];
  const data = `<script type="application/json" id="route-preloads">${JSON.stringify(routes)}</script>`;
  // Just before boot.ts (bootScript has hashed its name by now), which reads it as the head is parsed.
  const boot = '<script src="/assets/boot-';
  if (!html.includes(boot)) throw new Error('index.html has no boot script to put the route preloads before');
  return html.replace(boot, `${data}\n    ${boot}`);
}

/**
 * The Latin Inter file, preloaded: found in the CSS only once the stylesheet has arrived, it came
 * after the first paint in some Lighthouse runs and the swap shifted the prerendered page (CLS 0.084).
 */
function withFontPreload(html: string, bundle: OutputBundle | undefined): string {
  if (!bundle) return html;
  const font = Object.keys(bundle).find((name) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(name));
  if (!font) throw new Error('no inter-latin-wght-normal woff2 in the bundle to preload');
  const stylesheet = '<link rel="stylesheet"';
  if (!html.includes(stylesheet)) throw new Error('index.html has no stylesheet to put the font preload before');
  return html.replace(stylesheet, `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">\n    ${stylesheet}`);
}

/**
 * A page's head: its title, meta description and the link-preview tags (Open Graph, read by chat apps and social
 * sites, which run no script) that index.html carries for home. Each must be there to be replaced: a template
 * without one fails the build rather than ship a page that previews as home.
 */
function withHead(html: string, head: { title: string; description: string }): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const swaps: [RegExp, string][] = [
    [/<title>[^<]*<\/title>/, `<title>${title}</title>`],
    [/<meta name="description" content="[^"]*"/, `<meta name="description" content="${description}"`],
    [/<meta property="og:title" content="[^"]*"/, `<meta property="og:title" content="${title}"`],
    [/<meta property="og:description" content="[^"]*"/, `<meta property="og:description" content="${description}"`],
  ];
  return swaps.reduce((out, [pattern, replacement]) => {
    if (!pattern.test(out)) throw new Error(`index.html has no ${pattern.source}`);
    return out.replace(pattern, replacement);
  }, html);
}

/**
 * Puts each prerendered page's first render (shared/site-routes.ts PRERENDERED_PAGES: home in index.html,
 * /generate in generate.html) into its HTML file: src/prerender.tsx renders it in Node at build time, so the
 * browser paints it as soon as the HTML and CSS arrive instead of after the JS has run (Lighthouse LCP;
 * docs/frontend.md 'Budgets'). The client hydrates it (src/main.tsx); on any other path served index.html,
 * src/boot.ts hides it and the client renders afresh. `<html data-page>` names the page's path for boot.ts,
 * `#root[data-prerendered]` for main.tsx.
 */
function prerenderPages(): Plugin {
  const written = new Map<string, string>();
  return {
    name: 'artloom-prerender-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const { pages, collections, categories } = await withSsr([categoryLinks(), answerSchemas()], async (load) => {
          const { renderPage } = (await load('/src/prerender.tsx')) as {
            renderPage: (url: string) => Promise<{ markup: string; head?: { title: string; description: string } }>;
          };
          const { PRERENDERED_PAGES, COLLECTION_PAGES } = (await load('/../shared/site-routes.ts')) as typeof SiteRoutes;
          const { CATEGORIES, categoryDescription, pageTitle } = (await load('/../shared/category-table.ts')) as typeof CategoryTable;
          const { API_BASE, FILES_HOST } = (await load('/src/lib/api-client.ts')) as { API_BASE: string; FILES_HOST: string };
          const { TILE_SIZES } = (await load('/src/components/ui/masonry-grid.tsx')) as { TILE_SIZES: string };
          const { categoryListPath, categoryMetadataPath } = (await load('/src/features/categories/api/category-api.ts')) as Record<
            'categoryListPath' | 'categoryMetadataPath',
            (category: string) => string
          >;
          const { ADS_PATH } = (await load('/src/features/ads/api/ads-api.ts')) as { ADS_PATH: string };
          const answers = (c: (typeof CATEGORIES)[number]): EarlyAnswer[] => [
            // A cached list is the visitor's (use-category-images.ts): only a first visit needs it.
            {
              url: `${API_BASE}${categoryListPath(c.apiValue)}`,
              unlessStored: c.storage.list,
              firstPicture: { sizes: TILE_SIZES, filesHost: FILES_HOST },
            },
            { url: `${API_BASE}${categoryMetadataPath(c.apiValue)}` },
            { url: `${API_BASE}${ADS_PATH}` },
          ];
          const rendered = [];
          for (const [path, file] of Object.entries(PRERENDERED_PAGES)) rendered.push({ path, file, ...(await renderPage(path)) });
          const collections = CATEGORIES.map((c) => ({
            file: COLLECTION_PAGES[`/${c.slug}`] ?? '',
            head: { title: pageTitle(c.pageTitle), description: categoryDescription(c) },
          }));
          return { pages: rendered, collections, categories: new Map(CATEGORIES.map((c) => [`/${c.slug}`, answers(c)])) };
        });
        const marker = '<div id="root"></div>';
        if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
        const page = '<html lang="en">';
        if (!html.includes(page)) throw new Error(`index.html has no ${page}`);
        // With the page painted from HTML and CSS, the scripts are not needed for the first paint:
        // a low fetch priority lets the stylesheet go first.
        const shell = withFontPreload(withRoutePreloads(html, ctx.bundle, categories), ctx.bundle)
          // The entry runs one frame after the first paint (src/boot.ts starts it): a module script ran before it.
          .replace(
            /<script type="module" crossorigin src="([^"]+)"><\/script>/,
            '<link rel="modulepreload" crossorigin href="$1" data-app-entry>',
          )
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
        let index = '';
        for (const { path, file, markup, head } of pages) {
          let out = shell
            .replace(page, `<html lang="en" data-page="${escapeHtml(path)}">`)
            .replace(marker, `<div id="root" data-prerendered="${escapeHtml(path)}">${markup}</div>`);
          // index.html keeps its own title and description (home's); another page gets the ones its Seo gives.
          if (file !== 'index.html' && head) out = withHead(out, head);
          if (file === 'index.html') index = out;
          else written.set(file, out);
        }
        if (!index) throw new Error('PRERENDERED_PAGES has no index.html');
        // A collection's page is index.html as it is (home's first render, hidden by boot.ts on any other path)
        // with the collection's head: its title, description and link-preview tags (shared/site-routes.ts COLLECTION_PAGES).
        for (const { file, head } of collections) if (file) written.set(file, withHead(index, head));
        return index;
      },
    },
    writeBundle(options) {
      // Beside index.html, which Vite writes from the handler's answer above.
      for (const [file, html] of written) writeFileSync(join(options.dir ?? join(import.meta.dirname, 'dist'), file), html);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), categoryLinks(), answerSchemas(), bootScript(), prerenderPages()],
  resolve: { alias: SHARED_ALIAS },
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
            // The generator (home and /generate): one chunk instead of four.
            {
              name: 'generator',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /frontend[\\/]src[\\/](app[\\/]routes[\\/](generator-page|generate)\.tsx$|features[\\/](studio[\\/](components[\\/]|hooks[\\/]|generation-state\.|api[\\/](quota|health)-api\.)|gallery[\\/](hooks[\\/]|home-once\.|components[\\/](gallery-panel|gallery-tabs|showcase-wall)\.)))/,
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
});

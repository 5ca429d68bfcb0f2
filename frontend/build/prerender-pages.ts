import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type * as CategoryTable from '../../shared/category-table';
// With its extension: Vite's config loader warns on every start about an extensionless import (its native loader, the
// next default, needs the file name).
import { escapeHtml } from '../../shared/html.ts';
import type * as SiteRoutes from '../../shared/site-routes';
import { WALL_ID } from '../src/features/gallery/wall-id.ts';
import { answerSchemas, categoryLinks, FRONTEND, withSsr } from './virtual-modules.ts';

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
 * The first paint waits until the parser has read the element `id` names, when the page holds one: a page painted
 * while its HTML was half parsed showed what came so far, and the wall (its markup after the studio's, shown above
 * it on phones) then pushed the studio down (features/gallery/wall-id.ts). Chromium holds
 * rendering for an expected element until it is parsed or the document ends.
 */
function withRenderBlockingUntil(html: string, markup: string, id: string): string {
  if (!markup.includes(`id="${id}"`)) return html;
  const stylesheet = '<link rel="stylesheet"';
  if (!html.includes(stylesheet)) throw new Error('index.html has no stylesheet to put the expect link before');
  return html.replace(stylesheet, `<link rel="expect" href="#${id}" blocking="render">\n    ${stylesheet}`);
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
export function prerenderPages(): Plugin {
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
          let out = withRenderBlockingUntil(shell, markup, WALL_ID)
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
      for (const [file, html] of written) writeFileSync(join(options.dir ?? join(FRONTEND, 'dist'), file), html);
    },
  };
}

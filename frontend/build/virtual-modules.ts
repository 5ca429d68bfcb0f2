import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import * as z from 'zod';
import type * as CategoryTable from '../../shared/category-table';

/*
 * The build's virtual modules (frontend/vite.config.ts uses them; vitest.config.ts the answer schemas): what the
 * browser needs of shared/, generated from it at build time so the first visit carries no more than it uses.
 */

/** The frontend's folder (Vite's root): these build modules live in frontend/build/. */
export const FRONTEND = join(import.meta.dirname, '..');

/** `@shared/…` is the repo's shared/ folder (frontend/tsconfig.json's paths say the same to TypeScript). */
export const SHARED_ALIAS = { '@shared': join(FRONTEND, '..', 'shared') };

/**
 * Runs TS/TSX modules of the app in Node with a throwaway Vite server, kept open while `use` runs
 * (the prerender's lazy imports load through it). The config itself imports nothing from the app.
 */

export async function withSsr<T>(plugins: Plugin[], use: (load: (path: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: FRONTEND,
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
export function categoryLinks(): Plugin {
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

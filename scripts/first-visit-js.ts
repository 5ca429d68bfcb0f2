/**
 * The first visit's JavaScript, read from a built frontend/dist (issue 25's budget): the entry
 * chunk and its static imports (Vite's manifest), plus the chunks `index.html` lists for src/boot.ts
 * to preload on the path whose list weighs most (home's generator, or a category page's), in gzip
 * (level 9) bytes. `npm run check:js-budget` (run by .ci/run after the build) fails when that total
 * is over FIRST_VISIT_JS_BUDGET_KB; the frontend bench prints the same figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Module scripts + preloads of a first visit, gzip. */
export const FIRST_VISIT_JS_BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The per-path lists a built page gives src/boot.ts (its `route-preloads` JSON): chunks to preload, answers to ask for early. */
export function routePreloadsOf(
  html: string,
): { name: string; paths: string[]; files: string[]; answers?: Record<string, { url: string }[]> }[] {
  const listed = /<script type="application\/json" id="route-preloads">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(listed ?? '[]');
}

export function firstVisitJs(dist: string) {
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: build the frontend first (npm run build:web)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next) visit(next);
    }
  };
  visit(entry);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const routes = routePreloadsOf(html);
  const linked = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloadsOf = (files: string[]) =>
    [...new Set([...files.map((f) => f.replace(/^\//, '')), ...linked])].filter((f) => f && !js.has(f));
  const sum = (files: string[]) => files.reduce((total, f) => total + gz(f), 0);
  const heaviest = routes.map((r) => ({ route: r.name, files: preloadsOf(r.files) })).sort((a, b) => sum(b.files) - sum(a.files))[0] ?? {
    route: 'none',
    files: preloadsOf([]),
  };
  const preloads = heaviest.files;
  const entryGz = [...js].reduce((sum, f) => sum + gz(f), 0);
  const preloadGz = sum(preloads);
  return {
    entry: { files: [...js], gz: entryGz },
    preloads: { route: heaviest.route, files: preloads, gz: preloadGz },
    css: { files: [...css], gz: [...css].reduce((sum, f) => sum + gz(f), 0) },
    totalGz: entryGz + preloadGz,
    manifest,
    gz,
  };
}

function main() {
  const dist = process.argv[2] ?? join(import.meta.dirname, '../frontend/dist');
  const figures = firstVisitJs(dist);
  const line = `first-visit JS ${kb(figures.totalGz)} kB gzip (entry + static imports ${kb(figures.entry.gz)} kB in ${figures.entry.files.length} files, ${figures.preloads.route}'s preloads ${kb(figures.preloads.gz)} kB in ${figures.preloads.files.length}); budget ${FIRST_VISIT_JS_BUDGET_KB} kB`;
  if (figures.totalGz > FIRST_VISIT_JS_BUDGET_KB * 1024) {
    console.error(`check:js-budget: OVER BUDGET: ${line}`);
    process.exit(1);
  }
  console.info(`check:js-budget: ${line}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();

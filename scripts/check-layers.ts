/**
 * `npm run check:layers`: the layers, enforced rather than kept by convention.
 *   1. A frontend feature (frontend/src/features/<name>) imports no other feature: what two features
 *      share lives in components/ or lib/, and pages that combine features live in app/.
 *   2. Lambda adapters (lambdas/adapters) import no service: services call adapters, never the reverse.
 *   3. shared/ imports nothing of the app (only zod and itself): both sides use it.
 *   4. sharp is imported only through lambdas/lib/sharp.ts (lazily): a native module installed only
 *      beside the functions that declare it must never be loaded by one that merely reaches the module.
 *   5. A public read route (every GET of the route table outside the operator's admin area, whose
 *      function writes pictures by design) reaches no write-side module — the image store or its
 *      transactions — however many imports away (the graph is followed, not just one edge).
 * Relative imports, `import type` and dynamic `import('…')` count alike. Exit 1 on a violation.
 * (Biome's noRestrictedImports matches import text, not resolved paths, so it cannot say 'another
 * feature' for relative imports; this resolves them.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

export interface Violation {
  file: string;
  target: string;
  rule: string;
}

/** The rule an import from `file` (root-relative) to `target` (root-relative, resolved) breaks, if any. */
export function brokenRule(file: string, target: string): string | undefined {
  const feature = (p: string) => /^frontend\/src\/features\/([^/]+)\//.exec(p)?.[1];
  const from = feature(file);
  const to = feature(target);
  if (from && to && from !== to) return `feature '${from}' imports feature '${to}'`;
  if (file.startsWith('lambdas/adapters/') && target.startsWith('lambdas/services/')) return 'an adapter imports a service';
  if (file.startsWith('shared/') && !target.startsWith('shared/')) return 'shared/ imports app code';
  return undefined;
}

/** The write side: what a read route must never load (rule 5). */
const WRITE_SIDE = ['lambdas/services/image-store.ts', 'lambdas/adapters/image-transactions.ts'];

function resolveImport(file: string, spec: string, files: Map<string, string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = relative(ROOT, resolve(ROOT, dirname(file), spec))
    .split(sep)
    .join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Rule 4: 'sharp' named anywhere in lambdas/ but its one lazy door. */
export function sharpViolations(files: Map<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [file, source] of files) {
    if (!file.startsWith('lambdas/') || file === 'lambdas/lib/sharp.ts') continue;
    if (importsOf(source).includes('sharp'))
      out.push({ file, target: 'sharp', rule: 'sharp imported outside lambdas/lib/sharp.ts (load it with loadSharp())' });
  }
  return out;
}

/** Rule 5: each read handler's import graph, followed to the end, holds no write-side module. */
export function readPathViolations(files: Map<string, string>, readEntries: readonly string[]): Violation[] {
  const out: Violation[] = [];
  for (const entry of readEntries) {
    const seen = new Set<string>();
    const parents = new Map<string, string>();
    const queue = [entry];
    while (queue.length) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      if (WRITE_SIDE.includes(file)) {
        const chain = [file];
        for (let at = parents.get(file); at; at = parents.get(at)) chain.unshift(at);
        out.push({ file: entry, target: file, rule: `a read route reaches the write side: ${chain.join(' → ')}` });
        continue;
      }
      for (const spec of importsOf(files.get(file) ?? '')) {
        const next = resolveImport(file, spec, files);
        if (next && !seen.has(next)) {
          if (!parents.has(next)) parents.set(next, file);
          queue.push(next);
        }
      }
    }
  }
  return out;
}

/** Every violation in `files` (root-relative path → source). */
export function layerViolations(files: Map<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [file, source] of files) {
    for (const m of source.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? '';
      // The frontend's alias for the repo's shared/ folder (frontend/tsconfig.json).
      const aliased = spec.startsWith('@shared/') ? `shared/${spec.slice('@shared/'.length)}` : undefined;
      if (!aliased && !spec.startsWith('.')) continue;
      const target =
        aliased ??
        relative(ROOT, resolve(ROOT, dirname(file), spec))
          .split(sep)
          .join('/');
      const rule = brokenRule(file, `${target}/`.replace(/\/\/$/, '/'));
      if (rule) out.push({ file, target: spec, rule });
    }
  }
  return out;
}

function sources(dir: string, into: Map<string, string>): Map<string, string> {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(join(ROOT, path)).isDirectory()) sources(path, into);
    else if (/\.(ts|tsx)$/.test(name)) into.set(path.split(sep).join('/'), readFileSync(join(ROOT, path), 'utf8'));
  }
  return into;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const files = new Map<string, string>();
  for (const dir of ['frontend/src', 'lambdas', 'shared']) sources(dir, files);
  const { API_AREAS } = await import('../lambdas/routes');
  const publicRoutes = Object.entries(API_AREAS).flatMap(([area, routes]) => (area === 'admin' ? [] : routes));
  const readEntries = [...new Set(publicRoutes.filter((r) => r.method === 'GET').map((r) => `lambdas/${r.entry}`))];
  const violations = [...layerViolations(files), ...sharpViolations(files), ...readPathViolations(files, readEntries)];
  for (const v of violations) console.error(`${v.file}: imports ${v.target}: ${v.rule}`);
  if (violations.length) {
    console.error(`layer check: ${violations.length} violations`);
    process.exit(1);
  }
  console.info(`layer check: ${files.size} files, no violation`);
}

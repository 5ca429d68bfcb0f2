/**
 * `npm run check:layers`: the layers, enforced rather than kept by convention.
 *   1. A frontend feature (frontend/src/features/<name>) imports no other feature: what two features
 *      share lives in components/ or lib/, and pages that combine features live in app/.
 *   2. Lambda adapters (lambdas/adapters) import no service: services call adapters, never the reverse.
 *   3. shared/ imports nothing of the app (only zod and itself): both sides use it.
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
  const violations = layerViolations(files);
  for (const v of violations) console.error(`${v.file}: imports ${v.target}: ${v.rule}`);
  if (violations.length) {
    console.error(`layer check: ${violations.length} violations`);
    process.exit(1);
  }
  console.info(`layer check: ${files.size} files, no violation`);
}

/**
 * What each Lambda deploys and how fast it starts: every function's folder as `npm run build:lambdas`
 * wrote it (the folder CDK uploads), its bundle raw and gzip, and the time a fresh Node 24 process
 * takes to import it from a bare copy of its cloud-assembly folder (scripts/check-bundles.ts). The
 * import time is this machine's, not Lambda's: a cold start in AWS adds the runtime's own init.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS_DIR } from '../infra/lib/lambda-functions';
import type { BuiltFunction } from '../scripts/build-lambdas';
import { loadEveryBundle } from '../scripts/check-bundles';

export async function run(): Promise<void> {
  const loads = await loadEveryBundle();
  const built = (JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'build.json'), 'utf8')) as { functions: BuiltFunction[] }).functions;
  const rows = built
    .map((b) => ({ b, load: loads.find((l) => l.id === b.id) }))
    .sort((x, y) => y.b.bytes - x.b.bytes)
    .map(({ b, load }) => ({
      function: b.id,
      'kB raw': Math.round(b.bytes / 1024),
      'kB gzip': Math.round(b.gzipBytes / 1024),
      native: b.native.join(', ') || '-',
      'import ms': load?.error ? `FAIL ${load.error}` : (load?.ms ?? '-'),
    }));
  console.table(rows);
  const kB = (bytes: number) => Math.round(bytes / 1024);
  const middle = <T>(sorted: T[]) => sorted[Math.floor((sorted.length - 1) / 2)];
  const sizes = built.map((b) => b.bytes).sort((a, b) => a - b);
  const gzip = built.map((b) => b.gzipBytes).sort((a, b) => a - b);
  const imports = loads.map((l) => l.ms).sort((a, b) => a - b);
  console.info(
    `${built.length} functions on Node ${process.versions.node}: median bundle ${kB(middle(sizes) ?? 0)} kB raw / ${kB(middle(gzip) ?? 0)} kB gzip, ` +
      `${kB(sizes[0] ?? 0)}–${kB(sizes.at(-1) ?? 0)} kB raw (kB = 1,024 bytes); ` +
      `import from a bare folder median ${middle(imports)} ms, ${imports[0]}–${imports.at(-1)} ms`,
  );
}

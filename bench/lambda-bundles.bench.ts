/**
 * What each Lambda deploys: its handler bundled as the CDK does it (infra/lib/constructs/
 * project-function.ts: ESM, node24, minified, the AWS SDK inside at the lockfile's version, native
 * packages such as sharp installed beside it and left out here), so the figures are the code the
 * tests ran. Prints every function's bundle, raw and gzip, and the total.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUNDLE_BANNER, BUNDLE_TARGET } from '../infra/lib/constructs/project-function';
import { STEP_ENTRIES } from '../infra/lib/state-machine';
import { ROUTES } from '../lambdas/routes';

const LAMBDAS = join(import.meta.dirname, '../lambdas');

export async function run(): Promise<void> {
  const entries = new Map<string, string[]>();
  for (const route of ROUTES) entries.set(route.entry, route.nativeModules ?? []);
  for (const entry of Object.values(STEP_ENTRIES)) entries.set(entry, entries.get(entry) ?? ['sharp']);
  entries.set('handlers/system/reconcile.ts', []);
  entries.set('handlers/system/cost-backstop.ts', []);
  const rows: { function: string; 'kB raw': string; 'kB gzip': string; 'AWS SDK share': string }[] = [];
  let total = 0;
  let totalGz = 0;
  const started = performance.now();
  for (const [entry, native] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    const out = await build({
      entryPoints: [join(LAMBDAS, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: BUNDLE_TARGET,
      minify: true,
      mainFields: ['module', 'main'],
      banner: { js: BUNDLE_BANNER },
      external: native,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.contents ?? new Uint8Array();
    const gz = gzipSync(code).length;
    const inputs = Object.values(out.metafile.outputs)[0]?.inputs ?? {};
    const sdk = Object.entries(inputs)
      .filter(([path]) => /node_modules\/@(aws-sdk|smithy)\//.test(path))
      .reduce((sum, [, info]) => sum + info.bytesInOutput, 0);
    total += code.length;
    totalGz += gz;
    rows.push({
      function: entry.replace(/^handlers\//, '').replace(/\.ts$/, ''),
      'kB raw': (code.length / 1024).toFixed(0),
      'kB gzip': (gz / 1024).toFixed(0),
      'AWS SDK share': `${((100 * sdk) / Math.max(1, code.length)).toFixed(0)} %`,
    });
  }
  console.table(rows);
  console.info(
    `${rows.length} functions: ${(total / 1024 / 1024).toFixed(1)} MB raw, ${(totalGz / 1024 / 1024).toFixed(1)} MB gzip in all; ` +
      `bundled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

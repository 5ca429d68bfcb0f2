/**
 * `npm run check:bundles`: every function of the synthesized stack loaded as Lambda loads it — its
 * asset folder from cdk.out copied to a folder of its own with no node_modules above it, a fresh
 * Node 24 process, the environment the template gives it — and its import awaited. A bundle that
 * needs a module it does not carry (sharp where it is not installed, say) fails here, not in AWS.
 * Prints how many loaded and each one's import time; exit 1 on any failure.
 * Then the sides (issue 34): no public read function and no step but StoreImage carries the image store
 * or its transactions, read from each bundle's own module list (esbuild's metafile, kept by the build);
 * and the median bundle within its budget (issue 31 item 6), from the sizes the build recorded.
 */

import { join } from 'node:path';
import { FUNCTION_METADATA_KEY, FUNCTIONS, MEDIAN_BUNDLE_BUDGET_BYTES } from '../infra/lib/lambda-functions';
import { cloudAssembly } from '../local/functions/cloud-assembly';
import { FunctionHost } from '../local/functions/host';
import { localNames, TemplateModel } from '../local/iam/index';
import { readStamp } from './build-lambdas';
import { bundleBudgetViolation, bundleSideViolations } from './bundle-sides';

export interface BundleLoad {
  id: string;
  name: string;
  ms: number;
  error?: string;
}

export async function loadEveryBundle(log: (line: string) => void = () => {}): Promise<BundleLoad[]> {
  const assembly = await cloudAssembly({ log });
  const model = new TemplateModel(assembly.template, localNames(assembly.template, { prefix: 'check', stackName: assembly.stackName }));
  const results: BundleLoad[] = [];
  for (const logicalId of model.ofType('AWS::Lambda::Function')) {
    const id = model.resource(logicalId).Metadata?.[FUNCTION_METADATA_KEY];
    if (typeof id !== 'string') continue;
    const fn = model.functionModel(logicalId);
    const host = new FunctionHost({
      name: fn.name,
      assetDir: join(assembly.dir, fn.assetPath ?? ''),
      memoryMb: fn.memoryMb,
      timeoutSeconds: fn.timeoutSeconds,
      env: () => ({ PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', ...fn.environment }),
      log,
    });
    const started = performance.now();
    try {
      await host.load();
      results.push({ id, name: fn.name, ms: Math.round(performance.now() - started) });
    } catch (err) {
      results.push({ id, name: fn.name, ms: Math.round(performance.now() - started), error: (err as Error).message });
    } finally {
      await host.stop();
    }
  }
  return results;
}

if (import.meta.main) {
  const results = await loadEveryBundle((line) => console.info(line));
  for (const r of results)
    console.info(`${r.error ? 'FAIL' : 'ok  '} ${r.id.padEnd(22)} ${String(r.ms).padStart(5)} ms${r.error ? `  ${r.error}` : ''}`);
  const failed = results.filter((r) => r.error);
  console.info(
    `check:bundles: ${results.length - failed.length} of ${results.length} functions load from a bare folder on Node ${process.versions.node}`,
  );
  const stamp = readStamp();
  const sides = bundleSideViolations(FUNCTIONS, new Map(stamp?.functions.map((f) => [f.id, f.modules]) ?? []));
  for (const line of sides) console.info(`FAIL ${line}`);
  console.info(
    `check:bundles: ${sides.length ? `${sides.length} write-side modules where they must not be` : 'no read function and no step but StoreImage carries the write side'}`,
  );
  const budget = bundleBudgetViolation(stamp?.functions ?? []);
  console.info(
    budget ? `FAIL ${budget}` : `check:bundles: the median bundle is within ${MEDIAN_BUNDLE_BUDGET_BYTES.toLocaleString('en')} bytes`,
  );
  if (failed.length || results.length === 0 || sides.length || budget) process.exit(1);
}

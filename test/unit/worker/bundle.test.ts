import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { workerBuildOptions } from '../../../infra/lib/constructs/gpu-instance-config';

/**
 * The image check as the GPU instance runs it: bundled with the worker's own options (one file, the wasm
 * binaries defined into it) and loaded by a fresh Node from a folder with no node_modules above it, so a
 * model, a .wasm or a package the bundle does not carry fails here, not on the instance.
 */
const REPO = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'artloom-worker-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the worker bundle’s image check', () => {
  it('loads nsfwjs and the wasm backend from the one file alone and passes a real picture', () => {
    buildSync(workerBuildOptions(join(REPO, 'worker/picture-check.ts'), join(dir, 'check.mjs')));
    copyFileSync(join(REPO, 'test/fixtures/comfyui/output_sample_downscaled.png'), join(dir, 'sample.png'));
    const probe = `
      import { readFileSync } from 'node:fs';
      const { nsfwCheck } = await import('./check.mjs');
      console.log(JSON.stringify(await nsfwCheck.check(readFileSync('./sample.png'))));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'SILENT' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({ verdict: 'ok', by: 'nsfwjs MobileNetV2 (tfjs-wasm)', reasons: [] });
    expect(statSync(join(dir, 'check.mjs')).size).toBeGreaterThan(3_000_000); // the weights are inside
  }, 180_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { API_FUNCTIONS, esbuildOptions, FUNCTIONS, routerSource, STEP_FUNCTIONS } from '../../../infra/lib/lambda-functions';
import { API_AREAS, ROUTES } from '../../../lambdas/routes';

/**
 * What `npm run build:lambdas` makes of the function table (infra/lib/lambda-functions.ts): one
 * bundle per API area (a router over its routes), the AWS SDK inside at the lockfile's version,
 * sharp outside and only where declared. Loading every built bundle from a bare folder is
 * `npm run check:bundles` (CI), with the real folders.
 */
describe('Lambda functions and their bundles', () => {
  it('puts every route in exactly one API area function, and keeps the stack far from 500 resources', () => {
    expect(Object.values(API_AREAS).flat()).toHaveLength(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
    expect(FUNCTIONS.length).toBeLessThanOrEqual(20);
  });

  it('installs sharp only beside the functions that write pictures', () => {
    const withSharp = FUNCTIONS.filter((f) => f.nativeModules.includes('sharp')).map((f) => f.id);
    expect(withSharp.sort()).toEqual([API_FUNCTIONS.admin.id, STEP_FUNCTIONS.StoreImage.id].sort());
  });

  it('bundles the AWS SDK into an area function and routes by API Gateway route key', async () => {
    const fn = API_FUNCTIONS.ads;
    const out = await build({ ...esbuildOptions(fn), write: false, sourcemap: false, metafile: false });
    const code = out.outputFiles.map((f) => f.text).join('\n');
    // The DynamoDB client's JSON protocol target prefix: present only if the SDK is inside the bundle.
    expect(code).toContain('DynamoDB_20120810');
    expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    expect(routerSource(fn.routes ?? [])).toContain('"GET /api/ads/random"');
  }, 60_000);

  it('leaves no static import of sharp anywhere a read path could reach', () => {
    // The one door to sharp is lambdas/lib/sharp.ts (a dynamic import); check:layers enforces it tree-wide.
    const door = readFileSync(join(import.meta.dirname, '../../../lambdas/lib/sharp.ts'), 'utf8');
    expect(door).toContain("import('sharp')");
  });
});

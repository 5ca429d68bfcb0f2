import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { API_FUNCTIONS, esbuildOptions, FUNCTIONS, routerSource, STEP_FUNCTIONS } from '../../../infra/lib/lambda-functions';
import { API_AREAS, ROUTES } from '../../../lambdas/routes';
import { contactMessageSchema } from '../../../shared/schemas/forms';

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
    const out = await build({ ...esbuildOptions(fn), write: false, sourcemap: false });
    const code = out.outputFiles.map((f) => f.text).join('\n');
    // The DynamoDB client's JSON protocol target prefix: present only if the SDK is inside the bundle.
    expect(code).toContain('DynamoDB_20120810');
    expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    expect(routerSource(fn.routes ?? [])).toContain('"GET /api/ads/random"');
    // zod as far as the handlers reach it: no whole `z` namespace (it would bring the compiler and
    // the JSON Schema reader), no JSON Schema writer (its target names appear nowhere else).
    const outputs = Object.values(out.metafile?.outputs ?? {});
    const inputs = outputs.flatMap((o) => Object.entries(o.inputs).flatMap(([path, used]) => (used.bytesInOutput > 0 ? [path] : [])));
    expect(inputs.filter((path) => /zod[\\/]v4[\\/](core[\\/]compile|classic[\\/]from-json-schema)\.js$/.test(path))).toEqual([]);
    expect(code.includes('draft-2020-12'), 'the JSON Schema writer is in the bundle').toBe(false);
  }, 60_000);

  it('validates in a bundle exactly as zod does unbundled, and never reaches the JSON Schema stubs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'artloom-zod-bundle-'));
    try {
      const entry = [
        "import * as z from 'zod';",
        "import { contactMessageSchema } from '../shared/schemas/forms';",
        'export const parse = (value) => contactMessageSchema.safeParse(value);',
        "export const standard = (value) => contactMessageSchema['~standard'].validate(value);",
        'export const bounds = () => { const s = z.string().min(3).max(9); return [s.minLength, s.maxLength]; };',
        'export const toJSONSchema = () => contactMessageSchema.toJSONSchema();',
        'export const zToJSONSchema = () => z.toJSONSchema(contactMessageSchema);',
        "export const standardJSONSchema = () => contactMessageSchema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });",
      ].join('\n');
      const options = esbuildOptions(API_FUNCTIONS.ads);
      const outfile = join(dir, 'index.mjs');
      await build({ ...options, stdin: { ...options.stdin, contents: entry, loader: 'js' }, outfile, sourcemap: false, metafile: false });
      const bundled = await import(pathToFileURL(outfile).href);
      const values = [
        { firstName: 'Ada', lastName: 'Lovelace', email: ' ada@example.com ', subject: 'Hi', message: 'Hello there, engine.' },
        { firstName: 'A', lastName: '', email: 'not-an-email', subject: '', message: 'short' },
        { firstName: 'Ada' },
        'not an object',
      ];
      for (const value of values) {
        const [inBundle, unbundled] = [bundled.parse(value), contactMessageSchema.safeParse(value)];
        expect(inBundle.success).toBe(unbundled.success);
        expect(inBundle.data).toEqual(unbundled.data);
        expect(inBundle.error?.issues).toEqual(unbundled.error?.issues);
        expect(await bundled.standard(value)).toEqual(await contactMessageSchema['~standard'].validate(value));
      }
      expect(bundled.parse(values[1]).error.issues.map((i: z.core.$ZodIssue) => i.message)).toContain(
        'Please enter a valid email address.',
      );
      expect(bundled.bounds()).toEqual([3, 9]);
      for (const convert of [bundled.toJSONSchema, bundled.zToJSONSchema, bundled.standardJSONSchema]) {
        expect(convert).toThrow(/JSON Schema conversion is left out of the Lambda bundles/);
      }
      expect(z.toJSONSchema(contactMessageSchema)).toHaveProperty('properties.email'); // unbundled, zod's own converter
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('leaves no static import of sharp anywhere a read path could reach', () => {
    // The one door to sharp is lambdas/lib/sharp.ts (a dynamic import); check:layers enforces it tree-wide.
    const door = readFileSync(join(import.meta.dirname, '../../../lambdas/lib/sharp.ts'), 'utf8');
    expect(door).toContain("import('sharp')");
  });
});

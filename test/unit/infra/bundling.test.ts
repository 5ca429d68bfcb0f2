import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { ProjectFunction } from '../../../infra/lib/constructs/project-function';

/**
 * Production runs the code the tests ran: the AWS SDK is bundled into each Lambda at the lockfile's
 * version, not taken from the runtime. Bundles one real handler the way `cdk deploy` does (local
 * esbuild) and looks for the SDK inside.
 */
describe('Lambda bundling', () => {
  it('bundles the AWS SDK into the function instead of leaving it to the runtime', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'artloom-bundling-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'bundling');
    new ProjectFunction(stack, 'list', { entry: join(import.meta.dirname, '../../../lambdas/handlers/gallery/list-images.ts') });
    const assembly = app.synth();
    const assets = readdirSync(assembly.directory).filter((d) => d.startsWith('asset.'));
    const code = assets.map((d) => readFileSync(join(assembly.directory, d, 'index.mjs'), 'utf8')).join('\n');
    // The DynamoDB client's JSON protocol target prefix: present only if the SDK is inside the bundle.
    expect(code).toContain('DynamoDB_20120810');
    expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    rmSync(outdir, { recursive: true, force: true });
  }, 60_000);
});

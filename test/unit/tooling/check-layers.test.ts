import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../../lambdas/routes';

// The import rules live in .dependency-cruiser.cjs (npm run check:layers). Its read-route rule names the read
// handlers by file name; this holds the route table to that naming, so a GET route cannot slip past it.
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: { name: string; from: { path: string } }[];
};
const CONFIG = fileURLToPath(new URL('../../../.dependency-cruiser.cjs', import.meta.url));
// dependency-cruiser runs on Node ≥ 22: the project's own (the `node` devDependency), as `npm run` gives it.
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const DEPCRUISE = fileURLToPath(new URL('../../../node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', import.meta.url));
const readRule = config.forbidden.find((rule) => rule.name === 'read-route-reaches-write-side');
const isReadHandler = (entry: string) => new RegExp(readRule?.from.path ?? '$^').test(`lambdas/${entry}`);

describe('layer rules', () => {
  it('names every public GET handler a read handler, and no other', () => {
    // Prepare
    const routes = Object.entries(API_AREAS).flatMap(([area, list]) => list.map((route) => ({ area, ...route })));
    // Act
    const misnamed = routes.filter((r) => isReadHandler(r.entry) !== (r.method === 'GET' && r.area !== 'admin'));
    // Assess
    expect(readRule).toBeDefined();
    expect(routes.filter((r) => r.method === 'GET' && r.area !== 'admin').length).toBeGreaterThan(10);
    expect(misnamed).toEqual([]);
  });
});

/**
 * Each new rule of issue 34 catches a violation planted in a scratch tree laid out like the repo (the rules
 * match repo-relative paths), run through the same CLI and config as `npm run check:layers`.
 */
describe('layer rules on planted violations', () => {
  const plant = (root: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };

  it('fails each rule on its planted violation, and passes the worker’s ports', () => {
    // Prepare
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    plant(root, {
      'frontend/tsconfig.json': '{}',
      'lambdas/adapters/thing.ts': 'export const thing = 1;\n',
      'lambdas/handlers/area/get-thing.ts': "import { thing } from '../../adapters/thing';\nexport const a = thing;\n",
      'lambdas/services/logic.ts': "import { graph } from '../../worker/graph';\nexport const logic = graph;\n",
      'worker/graph.ts': 'export const graph = 2;\n',
      'worker/bad-aws.ts': "import { thing } from '../lambdas/adapters/thing';\nexport const b = thing;\n",
      'worker/bad-logic.ts': "import { logic } from '../lambdas/services/logic';\nexport const c = logic;\n",
      'worker/ports.ts': "import { thing } from '../lambdas/adapters/thing';\nexport const ports = { thing };\n",
      'infra/lib/stack.ts': "import { local } from '../../local/runtime';\nexport const d = local;\n",
      'local/runtime.ts': 'export const local = 3;\n',
      'shared/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'shared/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    // Act
    const run = spawnSync(
      NODE,
      [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'frontend', 'lambdas', 'shared', 'worker', 'infra'],
      { cwd: root, encoding: 'utf8' },
    );
    rmSync(root, { recursive: true, force: true });
    const found = (JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string }[] } }).summary.violations;
    const by = (name: string) => found.filter((v) => v.rule.name === name).map((v) => v.from);
    // Assess
    expect(run.stderr).not.toMatch(/ERROR/);
    expect(by('handler-imports-adapter')).toEqual(['lambdas/handlers/area/get-thing.ts']);
    expect(by('worker-reaches-aws-through-ports')).toEqual(['worker/bad-aws.ts']);
    expect(by('worker-imports-no-lambda-logic')).toEqual(['worker/bad-logic.ts']);
    expect(by('lambda-imports-worker')).toEqual(['lambdas/services/logic.ts']);
    expect(by('deployed-infra-imports-local')).toEqual(['infra/lib/stack.ts']);
    // A cycle is reported once, from the module where the walk met it.
    expect(by('no-cycle')).toEqual([expect.stringMatching(/^shared\/[ab]\.ts$/)]);
    expect(found).toHaveLength(6);
  });
});

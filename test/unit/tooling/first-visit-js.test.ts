import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_VISIT_JS_BUDGET_KB, firstVisitJs } from '../../../scripts/first-visit-js';

let dist: string;

/** A built dist: the entry importing a chunk, a lazy chunk, and index.html listing one generator preload. */
function build(sizes: { entry: number; shared: number; lazy: number; preload: number; small?: number }) {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  // Random bytes do not compress: gzip size ≈ raw size.
  for (const [name, size] of Object.entries({ small: 100, ...sizes })) writeFileSync(join(dist, `assets/${name}.js`), randomBytes(size));
  const manifest = {
    'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/lazy.ts'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/lazy.ts': { file: 'assets/lazy.js' },
    'src/preload.ts': { file: 'assets/preload.js' },
  };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dist, 'index.html'),
    `<head><script type="application/json" id="route-preloads">${JSON.stringify([
      { name: 'generator', paths: ['/'], files: ['/assets/preload.js', '/assets/shared.js'] },
      { name: 'category', paths: ['/space'], files: ['/assets/small.js'] },
    ])}</script></head>`,
  );
}

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('first-visit JS budget', () => {
  it("counts the entry, its static imports and the heaviest path's preloads once each, not the lazy chunks", () => {
    build({ entry: 40_000, shared: 10_000, lazy: 90_000, preload: 5_000 });
    const figures = firstVisitJs(dist);
    expect(figures.entry.files.sort()).toEqual(['assets/entry.js', 'assets/shared.js']);
    expect(figures.preloads).toMatchObject({ route: 'generator', files: ['assets/preload.js'] });
    expect(figures.totalGz).toBeGreaterThan(55_000);
    expect(figures.totalGz).toBeLessThan(57_000);
  });

  it('fails the check (npm run check:js-budget, run by CI) when a preload grows past the budget, passes under it', () => {
    const check = () =>
      spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../../scripts/first-visit-js.ts'), dist], {
        encoding: 'utf8',
      });
    build({ entry: 40_000, shared: 10_000, lazy: 1_000, preload: FIRST_VISIT_JS_BUDGET_KB * 1024 });
    const over = check();
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('OVER BUDGET');
    rmSync(dist, { recursive: true });
    build({ entry: 40_000, shared: 10_000, lazy: FIRST_VISIT_JS_BUDGET_KB * 1024, preload: 5_000 });
    expect(check().status).toBe(0);
  });
});

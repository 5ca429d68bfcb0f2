import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No product file over 300 lines (issue 34 item 6): what ships (lambdas/, worker/, shared/, infra/, the
 * frontend's source and its build). Word lists are data, not code: a list is as long as its words.
 */
const root = join(import.meta.dirname, '../../..');
const LIMIT = 300;
const PRODUCT = ['lambdas', 'worker', 'shared', 'infra', 'frontend/src', 'frontend/build'];
const DATA = new Set(['lambdas/services/word-lists.ts', 'lambdas/services/screening-lists-harm.ts']);

function sources(): string[] {
  const files = PRODUCT.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => `${dir}/${f}`),
  );
  return [...files, 'frontend/vite.config.ts'];
}

describe('product files', () => {
  it(`are at most ${LIMIT} lines each, word lists aside`, () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(200);
    const long = files
      .filter((f) => !DATA.has(f))
      .map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > LIMIT)
      .map(([f, lines]) => `${f}: ${lines}`);
    expect(long).toEqual([]);
  });
});

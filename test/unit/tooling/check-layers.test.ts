import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../../lambdas/routes';

// The import rules live in .dependency-cruiser.cjs (npm run check:layers). Its read-route rule names the read
// handlers by file name; this holds the route table to that naming, so a GET route cannot slip past it.
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: { name: string; from: { path: string } }[];
};
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

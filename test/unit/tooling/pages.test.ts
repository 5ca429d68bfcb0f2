import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One convention for pages (issue 34 item 6): every routed page is a module of frontend/src/app/routes/,
 * which the router lazily imports; features hold the parts pages are made of, never a routed page.
 */
const src = join(import.meta.dirname, '../../../frontend/src');

describe('pages', () => {
  it('are all imported by the router from app/routes/', () => {
    const router = readFileSync(join(src, 'app/router.tsx'), 'utf8');
    const pages = [...router.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1] ?? '');
    expect(pages.length).toBeGreaterThan(15);
    expect(pages.filter((p) => !p.startsWith('./routes/'))).toEqual([]);
  });

  it('live nowhere else: no module named like a page under features/', () => {
    const named = readdirSync(join(src, 'features'), { recursive: true, encoding: 'utf8' }).filter((f) => /-page\.tsx$/.test(f));
    expect(named).toEqual([]);
  });
});

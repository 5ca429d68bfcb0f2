import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSENT_KEY } from '../../../frontend/src/lib/consent';

/**
 * src/boot.js is a plain script (CSP: script-src 'self'; it runs before the body, unbundled), so it
 * spells the consent key itself: run it against a fake document and storage to hold it to the app's key.
 */
const source = readFileSync(join(import.meta.dirname, '../../../frontend/src/boot.js'), 'utf8');

const PRELOADS = ['/assets/generator-page-x.js', '/assets/studio-y.js'];
const CATEGORY_PRELOADS = ['/assets/category-z.js'];
const ROUTES = [
  { name: 'generator', paths: ['/', '/generate'], files: PRELOADS },
  {
    name: 'category',
    paths: ['/space'],
    files: CATEGORY_PRELOADS,
    answers: { '/space': [{ url: '/api/list?space', unlessStored: 'spaceList' }, { url: '/api/ads/all' }] },
  },
];

function boot(pathname: string, stored: Record<string, string>, storageThrows = false) {
  return run(pathname, stored, storageThrows).attributes;
}

/** Runs boot.js at `pathname` with index.html's generator preload list; what it marked and the links it added. */
function run(pathname: string, stored: Record<string, string> = {}, storageThrows = false) {
  const attributes = new Set<string>();
  const links: Record<string, string>[] = [];
  const fetched: string[] = [];
  const window: { artloomEarlyAnswers?: Record<string, unknown> } = {};
  runInNewContext(source, {
    window,
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve({ url });
    },
    location: { pathname },
    document: {
      documentElement: { setAttribute: (name: string) => attributes.add(name) },
      getElementById: (id: string) => (id === 'route-preloads' ? { textContent: JSON.stringify(ROUTES) } : null),
      createElement: () => ({}),
      head: { appendChild: (link: Record<string, string>) => links.push(link) },
    },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
  });
  return { attributes, links, fetched, early: window.artloomEarlyAnswers ?? {} };
}

describe('boot.js', () => {
  it('marks a decided visitor with the key the app stores its consent under', () => {
    expect(boot('/', { [CONSENT_KEY]: '{"version":1}' }).has('data-consent-decided')).toBe(true);
    expect(boot('/', {}).has('data-consent-decided')).toBe(false);
    expect(boot('/', { otherKey: 'x' }).has('data-consent-decided')).toBe(false);
  });

  it('marks deep links only, and survives blocked storage', () => {
    expect(boot('/faq', {}, true)).toEqual(new Set(['data-deep-link']));
    expect(boot('/', {}, true)).toEqual(new Set());
  });

  it("preloads at low priority the lazy chunks of the path's first screen, and nothing another path needs", () => {
    const links = (hrefs: string[]) => hrefs.map((href) => ({ rel: 'modulepreload', crossOrigin: '', fetchPriority: 'low', href }));
    for (const path of ['/', '/generate']) expect(run(path).links).toEqual(links(PRELOADS));
    expect(run('/space').links).toEqual(links(CATEGORY_PRELOADS));
    for (const path of ['/faq', '/i/abc']) expect(run(path).links).toEqual([]);
  });

  it("sends a category page's API requests at once, the list only when no cached copy is stored", () => {
    const first = run('/space');
    expect(first.fetched).toEqual(['/api/list?space', '/api/ads/all']);
    expect(Object.keys(first.early)).toEqual(['/api/list?space', '/api/ads/all']);
    expect(run('/space', { spaceList: '[]' }).fetched).toEqual(['/api/ads/all']);
    expect(run('/', {}).fetched).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notFoundPage, spaRouterCode } from '../../../infra/lib/spa-router';
import { CATEGORIES } from '../../../shared/category-table';
import { isSiteRoute, PRERENDERED_PAGES, pageFileOf, SITE_ROUTES, STATIC_PATHS } from '../../../shared/site-routes';

interface CfRequest {
  uri: string;
}
interface CfResponse {
  statusCode: number;
  body: { encoding: string; data: string };
  headers: Record<string, { value: string }>;
}
type Handler = (event: { request: CfRequest }) => CfRequest | CfResponse;

const INDEX = `<!doctype html><html><head><title>x</title>
<script src="/assets/boot-1.js"></script>
<script type="module" crossorigin fetchpriority="low" src="/assets/index-AbC.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-XyZ.css"></head><body><div id="root" data-prerendered>home</div></body></html>`;

/** Loads the generated CloudFront Function the way its runtime does: plain ES5-style source with a `handler`. */
function load(code: string): Handler {
  return new Function(`${code};return handler;`)() as Handler;
}

describe('SPA router (CloudFront Function generated from the route table)', () => {
  const handler = load(spaRouterCode(INDEX));
  const run = (uri: string) => handler({ request: { uri } });

  it('serves index.html for every route of the app, with or without a trailing slash, and a page with a file its own', () => {
    for (const route of SITE_ROUTES) expect(run(route)).toEqual({ uri: `/${pageFileOf(route)}` });
    // A collection's own page (its title and link-preview tags; issue 32).
    expect(run('/space/')).toEqual({ uri: '/space.html' });
    expect(run('/photography')).toEqual({ uri: '/photography.html' });
    expect(run('/privacy-policy')).toEqual({ uri: '/index.html' });
    expect(run('/')).toEqual({ uri: '/index.html' });
    expect(run('/generate')).toEqual({ uri: '/generate.html' });
    expect(run('/generate/')).toEqual({ uri: '/generate.html' });
    expect(Object.keys(PRERENDERED_PAGES).every((path) => SITE_ROUTES.includes(path))).toBe(true);
  });

  it("finds the entry in the built page's modulepreload link that boot.ts turns into the module script", () => {
    const built = INDEX.replace(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-AbC.js"></script>',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/rolldown-runtime-1.js">\n<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-AbC.js" data-app-entry>',
    );
    expect(notFoundPage(built)).toContain('<script type="module" src="/assets/index-AbC.js"></script>');
  });

  it('answers any other extension-less path with 404 and a page that boots the SPA', () => {
    for (const uri of ['/no-such-page', '/spaces', '/space/extra', '/admin/x']) {
      const res = run(uri) as CfResponse;
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']?.value).toMatch(/^text\/html/);
      expect(res.body.data).toContain('<script type="module" src="/assets/index-AbC.js">');
      expect(res.body.data).toContain('<link rel="stylesheet" href="/assets/index-XyZ.css">');
      expect(res.body.data).toContain('<div id="root"></div>');
    }
  });

  it('passes paths with a file extension to the bucket untouched', () => {
    expect(run('/assets/index-AbC.js')).toEqual({ uri: '/assets/index-AbC.js' });
    expect(run('/favicon.ico')).toEqual({ uri: '/favicon.ico' });
  });

  it('stays within CloudFront Functions’ 10 KB code limit', () => {
    expect(Buffer.byteLength(spaRouterCode(readFileSync('frontend/index.html', 'utf8')))).toBeLessThan(10_240);
  });

  it('falls back to a text page when the SPA was not built', () => {
    expect(notFoundPage(null)).toBe('Page not found.');
  });
});

describe('site route table', () => {
  it('holds every fixed page and one page per collection, and nothing else', () => {
    expect(SITE_ROUTES).toHaveLength(Object.keys(STATIC_PATHS).length + CATEGORIES.length);
    expect(isSiteRoute('/mountains')).toBe(true);
    expect(isSiteRoute('/')).toBe(true);
    expect(isSiteRoute('/mountain')).toBe(false);
    expect(isSiteRoute('/api/gallery/list')).toBe(false);
  });
});

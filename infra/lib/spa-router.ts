import { existsSync, readFileSync } from 'node:fs';
import { pageFileOf, SITE_ROUTES } from '../../shared/site-routes';

/**
 * The CloudFront Function (viewer request, cloudfront-js-2.0) on the SPA's behaviour, generated at synth from the
 * shared route table: a route of the app is served its prerendered page (shared/site-routes.ts PRERENDERED_PAGES) or
 * index.html (200); a path with a file extension goes to the bucket
 * as it is (hashed assets, or S3's own 403 for a missing file); any other path is answered at the edge with 404 and a
 * small page that boots the SPA, which renders its 'Page not found'. /api/* and /files/* never reach it.
 *
 * The 404 page names the built entry script and stylesheet, read from frontend/dist/index.html; without a build it
 * is a plain text page (synth without the SPA is refused elsewhere before it matters).
 */
export function spaRouterCode(indexHtml: string | null): string {
  // Each route → the object that answers it: 1 stands for index.html, which most share (the function's code is limited to 10 KB).
  const routes = JSON.stringify(Object.fromEntries(SITE_ROUTES.map((r) => [r, pageFileOf(r) === 'index.html' ? 1 : `/${pageFileOf(r)}`])));
  const body = JSON.stringify(notFoundPage(indexHtml));
  return [
    `var ROUTES=${routes};`,
    `var NOT_FOUND=${body};`,
    'function handler(event){',
    'var r=event.request;var u=r.uri;',
    'if(/\\.[a-z0-9]+$/i.test(u)){return r;}',
    "var p=u.length>1?u.replace(/\\/+$/,''):u;",
    "var f=ROUTES[p||'/'];if(f){r.uri=f===1?'/index.html':f;return r;}",
    "return {statusCode:404,statusDescription:'Not Found',headers:{'content-type':{value:'text/html; charset=utf-8'},'cache-control':{value:'no-cache'}},body:{encoding:'text',data:NOT_FOUND}};",
    '}',
  ].join('');
}

/** The built index.html's head (title, entry script, stylesheet) over an empty root: the SPA renders its not-found page. */
export function notFoundPage(indexHtml: string | null): string {
  // The built page names it in a modulepreload link that src/boot.ts turns into the module script after the first paint.
  const found = indexHtml?.match(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*data-app-entry/);
  const entry = found?.[1] ?? found?.[2];
  const css = indexHtml?.match(/<link rel="stylesheet"[^>]*href="([^"]+)"/)?.[1];
  if (!entry) return 'Page not found.';
  return [
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<title>Page not found</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    css ? `<link rel="stylesheet" href="${css}">` : '',
    `<script type="module" src="${entry}"></script></head><body><div id="root"></div></body></html>`,
  ].join('');
}

export function readIndexHtml(distDir: string): string | null {
  return readPage(distDir, 'index.html');
}

/** A built page (index.html or a prerendered page of shared/site-routes.ts), or null without a build. */
export function readPage(distDir: string, page: string): string | null {
  const file = `${distDir}/${page}`;
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

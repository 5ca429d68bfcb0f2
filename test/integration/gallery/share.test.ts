import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSiteShell } from '../../../lambdas/adapters/site-shell';
import { storeImage } from '../../../lambdas/services/image-store';
import { galleryImageSchema, shareResponseSchema } from '../../../shared/schemas/gallery';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/** One picture's page and 'Share', against the real local store and the local HTTP adapter. */
let app: TestApp;
const author = randomUUID();
const shell = join(tmpdir(), `artloom-shell-${randomUUID()}.html`);
const ids = { mine: '', featured: '', dollars: '' };
/** `String.replace` patterns: with a replacement string these would move or repeat parts of the page. */
const DOLLAR_PROMPT = "a price tag $` and $& and $' and $$ on a fox";

beforeAll(async () => {
  writeFileSync(
    shell,
    '<!doctype html><html><head><title>Artloom — old</title><meta name="description" content="old" /><meta property="og:title" content="old" /></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  app = await startTestApp({ env: { SITE_SHELL_FILE: shell } });
  resetSiteShell();
  ids.mine = (await storeImage(await newImage({ prompt: 'My <fox> & "hare" at dawn', owner: { kind: 'user', userId: author } }))).id;
  ids.featured = (await storeImage(await newImage({ prompt: 'A featured lighthouse', category: 'Space' }))).id;
  ids.dollars = (await storeImage(await newImage({ prompt: DOLLAR_PROMPT, category: 'Space' }))).id;
});
afterAll(async () => app?.stop());

const share = (id: string, userId: string, shared: boolean) =>
  app.api(`/api/images/${id}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, shared }),
  });

describe('picture page and share', () => {
  it('keeps a visitor’s picture private until its author shares it; featured pictures are public', async () => {
    expect((await app.api(`/api/images/${ids.featured}`)).status).toBe(200);
    expect((await app.api(`/api/images/${ids.mine}`)).status).toBe(404);
    const page = await app.api(`/i/${ids.mine}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<meta name="robots" content="noindex" />');

    // Someone else cannot share it (404: the id of another's picture is not confirmed).
    expect((await share(ids.mine, randomUUID(), true)).status).toBe(404);
    const res = await share(ids.mine, author, true);
    expect(res.status).toBe(200);
    expect(shareResponseSchema.parse(await res.json())).toEqual({ shared: true, pageUrl: `/i/${ids.mine}` });
    expect(galleryImageSchema.parse(await (await app.api(`/api/images/${ids.mine}`)).json()).id).toBe(ids.mine);

    expect((await share(ids.mine, author, false)).status).toBe(200);
    expect((await app.api(`/api/images/${ids.mine}`)).status).toBe(404);
  });

  it('serves /i/<id> as the site’s HTML with the picture’s link-preview tags, escaped, and no other title or description', async () => {
    await share(ids.mine, author, true);
    const res = await app.api(`/i/${ids.mine}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const origin = app.url.replace(/\/$/, '');
    expect(html).toContain(`<meta property="og:image" content="${origin}/files/images/${ids.mine}.png" />`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/i/${ids.mine}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('My &lt;fox&gt; &amp; &quot;hare&quot; at dawn — Artloom');
    expect(html).not.toContain('content="old"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('keeps every link-preview tag inside <head> and the prompt as written when it contains $` and $&', async () => {
    const res = await app.api(`/i/${ids.dollars}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head.match(/<meta (?:name|property)="(?:og|twitter):/g)).toHaveLength(13);
    expect(head).toContain('<meta property="og:image:alt" content="a price tag $` and $&amp; and $&#39; and $$ on a fox" />');
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.indexOf('<meta property="og:title"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers bad input with 400 and the field', async () => {
    expect((await app.api('/api/images/bad%20id')).status).toBe(400);
    // A control character in a path or a path query is a 400 that says so, not a 500 (issue 23).
    for (const path of ['/api/images/%00', '/api/images/a%1Bb', '/api/download?path=images%2F%00.png']) {
      const bad = await app.api(path);
      expect(bad.status, path).toBe(400);
      const { error } = (await bad.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.values(error.fields ?? {}).join(' '), path).toMatch(/control or invisible formatting character \(U\+00(00|1B)\)/);
    }
    const res = await app.api(`/api/images/${ids.mine}/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'not-a-uuid', shared: 'yes' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['shared', 'userId']);
  });
});

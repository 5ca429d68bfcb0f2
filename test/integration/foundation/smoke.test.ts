import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../../lambdas/services/image-store';
import { runSmoke } from '../../../scripts/smoke';
import { newImage } from '../../fixtures/images';
import { startTestApp, type TestApp } from '../../support/local-app';

/**
 * `npm run smoke` (issue 31) against the local site: the same walk it makes after a deploy, over the real API, the
 * generation flow and the preview renderer. The built SPA is stood in for by two small pages (the test reads pages,
 * not the app); everything behind /api and /i is the deployed bundles.
 */
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta property="og:title" content="${title}" /></head><body><div id="root"></div></body></html>`;

let app: TestApp;
let site: string;
beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'artloom-smoke-site-'));
  writeFileSync(join(site, 'index.html'), page('Artloom'));
  writeFileSync(join(site, 'space.html'), page('Space Image Collection | Artloom'));
  // A page built without its link-preview tags: the smoke must say so.
  writeFileSync(
    join(site, 'nature.html'),
    '<!doctype html><html lang="en"><head><title>Nature</title></head><body><div id="root"></div></body></html>',
  );
  app = await startTestApp({
    plugins: ['generation', 'auth'],
    staticDir: site,
    env: { LOCAL_SFN_RETRY_MS: '50', LOCAL_SFN_WAIT_MS: '100', GEN_USER_HOURLY: '0', GEN_IP_HOURLY: '0' },
  });
  await storeImage(await newImage({ prompt: 'A comet over a quiet sea', category: 'Space' }));
});
afterAll(async () => {
  await app?.stop();
  rmSync(site, { recursive: true, force: true });
});

describe('npm run smoke', () => {
  it('walks the live site: every step passes, with one picture made through the flow and shared', async () => {
    const steps = await runSmoke({ url: app.url, timeoutMs: 60_000 });
    expect(steps.filter((s) => !s.ok)).toEqual([]);
    expect(steps.map((s) => s.name)).toEqual([
      'health: every dependency up',
      "home's page",
      '/space: its own page and link preview',
      'a gallery read and one of its pictures',
      'one generation through the flow',
      'the picture shared, and its link page',
      "the operator's sign-in settings and console page",
    ]);
    expect(steps[2]?.detail).toBe('Space Image Collection | Artloom');
    expect(steps[4]?.detail).toMatch(/done; 1024×768, image\/png/);
  });

  it('says what failed, and skips nothing it was not told to', async () => {
    // A collection page without its link preview, and no generation (a site whose GPU image is still building).
    const steps = await runSmoke({ url: app.url, collection: '/nature', skipGeneration: true });
    const failed = steps.filter((s) => !s.ok);
    expect(failed.map((s) => [s.name, s.detail])).toEqual([['/nature: its own page and link preview', 'no og:title']]);
    expect(steps.find((s) => s.name === 'one generation through the flow')?.detail).toBe('skipped (--skip-generation)');
  });
});

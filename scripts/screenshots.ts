/**
 * Screenshots with seeded content: home, a category page and /generate at 1440x900 (desktop) and 375x812 (mobile),
 * as docs/screenshots/<page>-<size>.png. Builds the SPA, starts the real local app (its own DynamoDB Local and
 * s3rver, every plugin, the seed), waits for the seed, then shoots with Debian's Chromium.
 * Then the journeys' shots at both sizes: the viewer after Share (viewer-shared-*), a picture's page (picture-*), and
 * the console's moderation queue and inbox after a report (console-moderation-*, console-inbox-*).
 * Run: node --import tsx scripts/screenshots.ts [outDir] (FULL_PAGE=1 adds *-full.png).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startLocalApp } from '../local/app';
import { PLUGINS } from '../local/plugins';
import { localIssuer } from '../local/plugins/auth';
import { seedImages } from '../local/plugins/seed';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { generateInStudio } from './studio-steps';

const ROOT = join(import.meta.dirname, '..');
const OUT = process.argv[2] ?? join(ROOT, 'docs/screenshots');
const SIZES = [
  { size: 'desktop', width: 1440, height: 900 },
  { size: 'mobile', width: 375, height: 812 },
];
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/space' },
  { name: 'generate', path: '/generate' },
];
const SHOTS = PAGES.flatMap((p) => SIZES.map((s) => ({ ...s, ...p, name: `${p.name}-${s.size}` })));

/** The whole seed is in: every seeded image listed (paging the featured list) and the ads. */
async function waitForSeed(url: string): Promise<void> {
  const total = seedImages().length;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    let seen = 0;
    for (let skip = 0; ; skip += 100) {
      const batch = (await fetch(`${url}/api/gallery/admin?model=flux_schnell&skip=${skip}&take=100`).then((r) =>
        r.ok ? r.json() : [],
      )) as unknown[];
      seen += batch.length;
      if (batch.length < 100) break;
    }
    const ads = (await fetch(`${url}/api/ads/all`).then((r) => (r.ok ? r.json() : []))) as unknown[];
    if (seen >= total && ads.length >= 4) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the seed did not finish in 4 minutes');
}

/** Every image in the viewport has loaded (thumbnails and ads), so the shot shows the real page. */
async function settle(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Open image:/ })
    .first()
    .waitFor({ timeout: 30_000 });
  // A string: this file is typed for Node (the root tsconfig has no DOM library).
  await page.waitForFunction(
    // Shown pictures only: one hidden on this screen (display: none, a lazy one never fetched) has no box.
    `[...document.images].filter((img) => img.getClientRects().length > 0 && img.getBoundingClientRect().top < window.innerHeight).every((img) => img.complete && img.naturalWidth > 0)`,
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(300);
}

/** A context at `size` whose visitor has answered the cookie banner. */
async function visitor(url: string, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, baseURL: url });
  const consent = JSON.stringify({ version: 1, functionality: true, analytics: false, advertising: false, decidedAt: 'screenshot' });
  await context.addInitScript(`try { localStorage.setItem('cookieConsent', ${JSON.stringify(consent)}); } catch {}`);
  return context;
}

async function journeys(url: string): Promise<void> {
  const [featured] = (await (await fetch(`${url}/api/gallery/admin?model=flux_schnell&skip=0&take=1`)).json()) as { id: string }[];
  if (!featured) throw new Error('no featured picture');
  // A visitor's report, so the moderation queue has a card.
  await fetch(`${url}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imageId: featured.id, reason: 'copyright', details: 'Looks like a photo of a real person' }),
  });
  for (const size of SIZES) {
    const context = await visitor(url, size);
    const page = await context.newPage();
    // The viewer after Share: generate from /generate, then Share.
    await page.goto('/generate');
    const viewer = await generateInStudio(page, 'A red fox asleep in fresh snow');
    await viewer.getByRole('button', { name: 'Share' }).click();
    await viewer.getByLabel('Link to this picture').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(OUT, `viewer-shared-${size.size}.png`) });
    // The picture's page.
    await page.goto(`/i/${featured.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(`[...document.images].every((img) => img.complete)`);
    await page.screenshot({ path: join(OUT, `picture-${size.size}.png`) });
    // The console: sign in, the moderation queue, the inbox's picture reports.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const { operator } = localIssuer();
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('tab', { name: 'Moderation' }).click();
    await page.getByRole('button', { name: 'Keep' }).first().waitFor();
    await page.waitForFunction(`[...document.images].every((img) => img.complete)`);
    await page.screenshot({ path: join(OUT, `console-moderation-${size.size}.png`) });
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await page.getByLabel('Kind').selectOption({ label: 'Picture reports' });
    await page.getByRole('article').first().waitFor();
    await page.screenshot({ path: join(OUT, `console-inbox-${size.size}.png`) });
    console.info(`journeys at ${size.width}x${size.height}`);
    await context.close();
  }
}

execFileSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
mkdirSync(OUT, { recursive: true });
const app = await startLocalApp({ port: 0, dataDir: null, staticDir: join(ROOT, 'frontend/dist'), plugins: PLUGINS });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  await waitForSeed(app.url);
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, baseURL: app.url });
    // A visitor who has answered the cookie banner (its own shot is test-results/e2e/cookie-banner.png).
    const consent = JSON.stringify({ version: 1, functionality: true, analytics: false, advertising: false, decidedAt: 'screenshot' });
    // A string: this file is typed for Node (no DOM library).
    await context.addInitScript(`try { localStorage.setItem('cookieConsent', ${JSON.stringify(consent)}); } catch {}`);
    const page = await context.newPage();
    await page.goto(shot.path);
    await settle(page);
    await page.screenshot({ path: join(OUT, `${shot.name}.png`) });
    if (process.env.FULL_PAGE === '1') await page.screenshot({ path: join(OUT, `${shot.name}-full.png`), fullPage: true });
    console.info(`${shot.name}.png (${shot.width}x${shot.height})`);
    await context.close();
  }
  await journeys(app.url);
} finally {
  await browser.close();
  await app.stop();
}
process.exit(0);

import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { CONSENT_KEY, CONSENT_VERSION } from '../../frontend/src/lib/consent';
import { type LocalApp, startLocalApp } from '../../local/app';
import { PLUGINS } from '../../local/plugins';
import { localIssuer } from '../../local/plugins/auth';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { startedForFile } from '../support/per-file';

export const SHOTS_DIR = 'test-results/e2e';

export interface E2E {
  app: LocalApp;
  browser: Browser;
  /**
   * A page in a fresh context (a new visitor). The visitor has answered the cookie banner (accept all) unless
   * `consent: 'undecided'`, so the banner does not cover what a test clicks; the consent tests ask for it.
   */
  newPage(options?: {
    width?: number;
    height?: number;
    context?: BrowserContext;
    consent?: 'accepted' | 'undecided';
  }): Promise<{ page: Page; context: BrowserContext }>;
  stop(): Promise<void>;
}

/** The real local app (its own DynamoDB Local and s3rver, every plugin) serving the built SPA, plus Chromium; `env` overrides handler settings. */
/**
 * The file's site and browser: started before its tests (then, with `featured`, until the seed put
 * that many featured images), stopped after them (see startedForFile).
 */
export function e2eForFile(options: { env?: Record<string, string>; featured?: number } = {}): E2E {
  return startedForFile(
    async () => {
      const e2e = await startE2E({ env: options.env });
      if (options.featured) await waitForFeatured(e2e.app, options.featured);
      return e2e;
    },
    (e2e) => e2e.stop(),
  );
}

async function startE2E(options: { env?: Record<string, string> } = {}): Promise<E2E> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    staticDir: 'frontend/dist',
    plugins: PLUGINS,
    ...(options.env ? { env: options.env } : {}),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  guardContexts(browser);
  return {
    app,
    browser,
    async newPage({ width = 1440, height = 900, context, consent = 'accepted' } = {}) {
      const ctx = context ?? (await browser.newContext({ viewport: { width, height }, baseURL: app.url }));
      if (!context && consent === 'accepted') {
        const choice = { version: CONSENT_VERSION, functionality: true, analytics: true, advertising: true, decidedAt: 'e2e' };
        await ctx.addInitScript(
          ([key, value]) => {
            try {
              if (!localStorage.getItem(key)) localStorage.setItem(key, value);
            } catch {
              // about:blank has no storage
            }
          },
          [CONSENT_KEY, JSON.stringify(choice)] as const,
        );
      }
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context: ctx };
    },
    async stop() {
      await browser.close().catch(() => {});
      await app.stop();
    },
  };
}

/** Home's Featured grid has its first picture: the first screen's answers are in and rendered. */
export async function firstGridTile(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Open image:/ })
    .first()
    .waitFor();
}

/** Polls `check` until it is true (for server-side state the page cannot wait on). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Waits until the featured gallery holds at least `count` images (the seed step runs in the background). `timeoutMs`:
 * the whole seed (180 pictures, their thumbnails) took over 120 s once in a full e2e run on the 2-core host.
 */
export async function waitForFeatured(app: LocalApp, count: number, timeoutMs = 120_000): Promise<void> {
  const take = 100;
  await until(
    async () => {
      let seen = 0;
      for (let skip = 0; seen < count; skip += take) {
        const res = await fetch(`${app.url}/api/gallery/admin?model=flux_schnell&skip=${skip}&take=${take}`);
        const batch = res.ok ? ((await res.json()) as unknown[]).length : 0;
        seen += batch;
        if (batch < take) break;
      }
      return seen >= count;
    },
    timeoutMs,
    `${count} featured images`,
  );
}

/*
 * The shared guard. Every context any test opens (through newPage or browser.newContext) is watched: a console error
 * or an uncaught page error fails the test that was running, and a failed test leaves a screenshot of each open page
 * and a Playwright trace (open with `npx playwright show-trace`) in test-results/e2e/.
 */
const watched = new Set<BrowserContext>();
let errors: string[] = [];
let allowed: RegExp[] = [];

/**
 * Lets the current test's console carry errors matching `patterns` (for example Chromium's 'Failed to load resource:
 * … status of 409' when the test provokes that answer on purpose). Cleared after each test.
 */
export function allowConsoleErrors(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

function watchPage(page: Page): void {
  page.on('pageerror', (err) => errors.push(`pageerror on ${page.url()}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error on ${page.url()}: ${msg.text()} (${msg.location().url})`);
  });
}

function guardContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watched.add(context);
    context.on('close', () => watched.delete(context));
    context.on('page', watchPage);
    await context.tracing.start({ snapshots: true, screenshots: false });
    return context;
  };
}

const fileSafe = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);

afterEach(async ({ task }) => {
  const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
  errors = [];
  allowed = [];
  const failed = task.result?.state === 'fail' || unexpected.length > 0;
  let n = 0;
  for (const context of watched) {
    const tag = `${SHOTS_DIR}/failed-${fileSafe(task.name)}-${n++}`;
    if (failed) {
      for (const [i, page] of context.pages().entries()) await page.screenshot({ path: `${tag}-page${i}.png` }).catch(() => {});
    }
    await context.tracing.stopChunk(failed ? { path: `${tag}-trace.zip` } : {}).catch(() => {});
    await context.tracing.startChunk().catch(() => {});
  }
  if (unexpected.length > 0) throw new Error(`The page reported errors:\n${unexpected.join('\n')}`);
});

/**
 * Signs the operator in from /admin by typing the local issuer's credentials into its page (the
 * code flow with PKCE). `landing`, when given, is the URL the provider must send the browser back to.
 */
export async function signInAsOperator(page: Page, landing?: string | RegExp): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/__local\/oidc\/interaction\//);
  const { operator } = localIssuer();
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (landing) await page.waitForURL(landing);
  await page.getByText('Signed in as').waitFor();
}

/** Escape closes the image viewer, and the focus goes back to the tile that opened it. */
export async function escapeViewerTo(page: Page, viewer: Locator, tile: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  await expect.poll(() => tile.evaluate((el) => el === document.activeElement)).toBe(true);
}

/**
 * Clicks a picture's tile once its thumbnail has loaded, as a visitor clicks what they see: the spec opens the viewer
 * only on a loaded thumbnail, and a click before that is ignored (a grid's tiles past the first row ask for theirs only
 * once the first picture is in).
 */
export async function clickLoadedTile(tile: Locator): Promise<void> {
  await tile.waitFor();
  await tile.locator('img').evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0
      ? null
      : new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
  );
  await tile.click();
}

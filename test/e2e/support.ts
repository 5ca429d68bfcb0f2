import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type LocalApp, startLocalApp } from '../../local/app';
import { PLUGINS } from '../../local/plugins';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };
export const SHOTS_DIR = 'test-results/e2e';

export interface E2E {
  app: LocalApp;
  browser: Browser;
  newPage(options?: { width?: number; height?: number; context?: BrowserContext }): Promise<{ page: Page; context: BrowserContext }>;
  stop(): Promise<void>;
}

/** The real local app (its own DynamoDB Local and s3rver, every plugin) serving the built SPA, plus Chromium; `env` overrides handler settings. */
export async function startE2E(options: { env?: Record<string, string> } = {}): Promise<E2E> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const app = await startLocalApp({
    port: 0,
    dataDir: null,
    staticDir: 'frontend/dist',
    plugins: PLUGINS,
    ...(options.env ? { env: options.env } : {}),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  return {
    app,
    browser,
    async newPage({ width = 1440, height = 900, context } = {}) {
      const ctx = context ?? (await browser.newContext({ viewport: { width, height }, baseURL: app.url }));
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

/** Polls `check` until it is true (for server-side state the page cannot wait on). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the featured gallery holds at least `count` images (the seed step runs in the background). */
export async function waitForFeatured(app: LocalApp, count: number): Promise<void> {
  await until(
    async () => {
      const res = await fetch(`${app.url}/api/gallery/admin?model=flux_schnell&skip=0&take=100`);
      return res.ok && ((await res.json()) as unknown[]).length >= count;
    },
    120_000,
    `${count} featured images`,
  );
}

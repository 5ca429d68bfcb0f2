import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, e2eForFile, firstGridTile } from './support';

const e2e = e2eForFile();

/**
 * Home's sections ask the API (health for the studio's badge, the galleries); on a loaded machine the local app can
 * answer one of them 503 (a probe or a function past its time): not this file's subject, which is the page chunks.
 */
const API_503 = /status of 503 .*\/api\//;

/** The lazy chunk of /terms (its hashed name changes with every build). */
const TERMS_CHUNK = /\/assets\/terms-[\w-]+\.js$/;

const termsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Terms of Service' });
const failedHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });

describe('a page that fails to load', () => {
  for (const { size, width, height } of [
    { size: 'desktop', width: 1440, height: 900 },
    { size: 'phone', width: 375, height: 740 },
  ]) {
    it(`keeps the shell, reloads once for a new deploy, then says so with a Retry that works (${size})`, async () => {
      // The failure this test provokes: the chunk's 404 and React's report of the error its boundary caught.
      allowConsoleErrors(/status of 404 .*\/assets\/terms-/, /Failed to fetch dynamically imported module/, API_503);
      // Prepare: a tab whose chunk names the server no longer has (a deploy since it opened): /terms's chunk answers 404.
      const { page, context } = await e2e.newPage({ width, height });
      await page.route(TERMS_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
      let documents = 0;
      page.on('domcontentloaded', () => documents++);
      await page.goto('/');
      await navbar(page).waitFor();

      // Act: the visitor clicks Terms in the footer.
      expect(documents).toBe(1);
      const reloaded = page.waitForEvent('domcontentloaded', { timeout: 30_000 });
      await footerLink(page, 'Terms').click();

      // Assess: one reload (a new deploy's index would know the new names), then the message in the shell, no loop.
      await reloaded;
      await failedHeading(page).waitFor();
      await expect(navbar(page).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('contentinfo').isVisible()).resolves.toBe(true);
      expect(page.url()).toMatch(/\/terms$/);
      expect(documents).toBe(2);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

      // Retry, once the chunk answers again, shows the page without a reload.
      await page.unroute(TERMS_CHUNK);
      await page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
      await page.getByRole('button', { name: 'Retry' }).click();
      await termsHeading(page).waitFor();
      await expect(page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
      // A chunk has loaded: a later deploy may reload once again.
      await expect(page.evaluate(() => sessionStorage.getItem('artloom.chunkReload'))).resolves.toBeNull();

      // The site goes on: back home, and to another page.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'AI Art Studio' }).waitFor();
      await footerLink(page, 'Privacy').click();
      await page.getByRole('heading', { level: 1, name: /Privacy/ }).waitFor();
      await context.close();
    });
  }

  it('shows an offline notice that clears itself, and a page opened offline loads when the connection is back (phone)', async () => {
    // Offline, every request fails (the page's, its pictures', its API calls'): the failure this test provokes.
    allowConsoleErrors(
      /ERR_INTERNET_DISCONNECTED/,
      /Failed to fetch dynamically imported module/,
      /Unable to preload CSS/,
      /Failed to fetch/,
      API_503,
    );
    const { page, context } = await e2e.newPage({ width: 375, height: 740 });
    await page.goto('/');
    await navbar(page).waitFor();
    // Home whole first (hydrated, its gallery in): what goes offline below is the next page, not this one's requests.
    await firstGridTile(page);
    const notice = page.getByRole('status').filter({ hasText: 'You are offline' });

    // Act: the connection drops.
    await context.setOffline(true);
    await notice.waitFor();

    // A click on a page whose chunk is not here yet: the message at once (no reload offline), the shell stays.
    await footerLink(page, 'Terms').click();
    await failedHeading(page).waitFor();
    await page.getByText('You are offline. It will load when the connection is back.').waitFor();
    await expect(navbar(page).isVisible()).resolves.toBe(true);

    // The connection is back: the notice clears and the page loads by itself.
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await termsHeading(page).waitFor();
    await context.close();
  });
});

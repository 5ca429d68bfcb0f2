import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/category-table';
import { e2eForFile, SHOTS_DIR, signInAsOperator } from './support';

const e2e = e2eForFile({ featured: 12 });
const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('ad numbers and alarms: a visitor sees an ad, the operator sees it counted and reads the alarms', () => {
  it('counts an impression after a second in view and a click through the redirect, and shows both in the Ads tab', async () => {
    // A visitor opens a category page from home, by clicking.
    const { page: visitor, context } = await e2e.newPage({ width: 1280, height: 900 });
    // The sponsor's site is outside the test's reach: the browser gets a stand-in page for it.
    await context.route(/^https:\/\/example\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Sponsor</title>' }),
    );
    await visitor.goto('/');
    const category = CATEGORIES.find((c) => c.inNavbar);
    await navbar(visitor)
      .getByRole('link', { name: category?.navLabel ?? '', exact: true })
      .click();
    const tile = visitor.locator('.ad-grid a.ad-tile').first();
    await tile.waitFor({ timeout: 20_000 });
    // The link goes through the counting redirect; its title names where it leads.
    const href = (await tile.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/ads\/[\w-]+\/click$/);
    expect(await tile.getAttribute('title')).toMatch(/^Sponsored: opens example\.com$/);
    await tile.scrollIntoViewIfNeeded();
    const id = href.split('/')[3] ?? '';
    // After a second in view the page sent its beacon (the browser's own record of the request).
    await expect
      .poll(
        () =>
          visitor.evaluate(
            (adId) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/api/ads/${adId}/impression`)),
            id,
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const ads = (await (await fetch(`${e2e.app.url}/api/ads/all`)).json()) as { id: string; navigateUrl: string }[];
    const ad = ads.find((a) => a.id === id);
    if (!ad) throw new Error(`no ad ${id}`);

    // The visitor clicks that ad: a new tab, through the redirect, lands on the sponsor's address.
    const adTile = visitor.locator(`.ad-grid a.ad-tile[href="/api/ads/${ad.id}/click"]`).first();
    const [sponsor] = await Promise.all([context.waitForEvent('page'), adTile.click()]);
    await sponsor.waitForURL(ad.navigateUrl);
    await context.close();

    // The operator signs in on a phone and finds that ad's numbers in the Ads tab.
    const { page, context: operator } = await e2e.newPage({ width: 375, height: 812 });
    await signInAsOperator(page);
    await page.getByRole('tab', { name: 'Ads' }).click();
    const row = page.getByRole('region', { name: 'Ads' }).getByRole('row').filter({ hasText: ad.navigateUrl });
    await row.waitFor();
    const numbers = row.getByRole('definition');
    expect(Number(await numbers.nth(0).textContent())).toBeGreaterThan(0);
    expect(Number(await numbers.nth(1).textContent())).toBeGreaterThan(0);
    // Per day: today's row of the table carries the same counts.
    await row.getByText('Per day').click();
    const table = row.getByRole('table', { name: /per day/ });
    const today = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new Date().toISOString().slice(0, 10) }) });
    expect(Number(await today.getByRole('cell').nth(0).textContent())).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS_DIR}/console-ad-numbers-375.png`, fullPage: true });
    // The sponsor's CSV downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`ad-${ad.id}-last-30-days.csv`);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // The Alarms tab on the same phone: the stack's alarms with their state, and what to do for each.
    await page.getByRole('tab', { name: 'Alarms' }).click();
    const alarms = page.getByRole('region', { name: 'Alarms' });
    const api5xx = alarms.getByRole('listitem', { name: 'api-5xx' });
    await api5xx.waitFor();
    await api5xx.getByText('No data').waitFor();
    await api5xx.getByText(/^Not evaluated locally/).waitFor();
    await api5xx.getByText(/What to do/).click();
    await api5xx.getByText(/access log/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS_DIR}/console-alarms-375.png`, fullPage: true });
    const axeAlarms = await new AxeBuilder({ page }).include('main').analyze();
    expect(axeAlarms.violations.map((v) => v.id)).toEqual([]);
    await operator.close();
  }, 180_000);
});

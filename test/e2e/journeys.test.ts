import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../shared/category-table';
import { SITE_ROUTES, STATIC_PATHS } from '../../shared/site-routes';
import { allowConsoleErrors, e2eForFile } from './support';

/*
 * A visitor's journeys: start on home and move by clicking (navbar, mobile menu, footer, in-page links), with Back,
 * Forward and reload. The shared guard in support.ts fails any of these on a console error or an uncaught page error
 * (the click crash of issue 9 showed as 'TypeError: l is not a function' and a blank page).
 */

const e2e = e2eForFile();

/** The level-1 heading each page shows: proof the page rendered (the crash left an empty root). */
const HEADINGS: Record<string, string | RegExp> = {
  [STATIC_PATHS.home]: 'AI Art Studio',
  [STATIC_PATHS.generate]: 'AI Art Studio',
  [STATIC_PATHS.admin]: /./,
  [STATIC_PATHS.about]: 'About Us',
  [STATIC_PATHS.faq]: 'Frequently Asked Questions',
  [STATIC_PATHS.help]: 'Help Center',
  [STATIC_PATHS.contact]: 'Contact Us',
  [STATIC_PATHS.feedback]: 'Submit Feedback',
  [STATIC_PATHS.report]: 'Report an Issue',
  [STATIC_PATHS.privacy]: 'Privacy Policy',
  [STATIC_PATHS.terms]: 'Terms of Service',
  [STATIC_PATHS.cookies]: 'Cookie Policy',
  [STATIC_PATHS.licenses]: 'Community License Agreement',
  [STATIC_PATHS.policy]: 'Use Policy',
  [STATIC_PATHS.restore]: 'Keep Your Gallery',
  [STATIC_PATHS.search]: 'Search AI Pictures',
  [STATIC_PATHS.privacyPolicyAlias]: 'Privacy Policy',
  [STATIC_PATHS.reportAbuseAlias]: 'Report an Issue',
  ...Object.fromEntries(CATEGORIES.map((c) => [`/${c.slug}`, c.heroTitle])),
};

/** Where a path ends up (the two aliases redirect). */
const LANDS_ON: Record<string, string> = {
  [STATIC_PATHS.privacyPolicyAlias]: STATIC_PATHS.privacy,
  [STATIC_PATHS.reportAbuseAlias]: STATIC_PATHS.report,
};

/** Waits until `path`'s page is on screen: its URL and its level-1 heading. */
async function expectPage(page: Page, path: string): Promise<void> {
  const target = LANDS_ON[path] ?? path;
  await page.waitForURL((url) => url.pathname === target);
  const name = HEADINGS[path];
  if (name === undefined) throw new Error(`no heading known for ${path}`);
  await page
    .getByRole('heading', { level: 1, name, exact: typeof name === 'string' })
    .first()
    .waitFor();
}

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footerGroup = (page: Page, group: string) => page.getByRole('contentinfo').getByRole('navigation', { name: group });

describe('visitor journeys by clicking', () => {
  it('reaches every page from home through the navbar and the footer, and comes back with Back and Forward', async () => {
    const { page, context } = await e2e.newPage();
    const visited: string[] = [];
    await page.goto('/');
    await expectPage(page, '/');

    for (const category of CATEGORIES.filter((c) => c.inNavbar)) {
      await navbar(page).getByRole('link', { name: category.navLabel, exact: true }).click();
      await expectPage(page, `/${category.slug}`);
      visited.push(`/${category.slug}`);
    }

    const groups = await page
      .getByRole('contentinfo')
      .getByRole('navigation')
      .evaluateAll((navs) => navs.map((n) => n.getAttribute('aria-label') ?? ''));
    for (const group of groups) {
      const links = footerGroup(page, group).getByRole('link');
      const count = await links.count();
      for (let i = 0; i < count; i++) {
        const link = links.nth(i);
        const href = (await link.getAttribute('href')) ?? '';
        await link.click();
        await expectPage(page, href);
        visited.push(href);
      }
    }

    // The logo leads home from anywhere.
    await navbar(page)
      .getByRole('link', { name: /Artloom/ })
      .click();
    await expectPage(page, '/');

    // Back through the last pages and forward again; each step shows its page.
    const last = visited.slice(-3).reverse();
    for (const path of last) {
      await page.goBack();
      await expectPage(page, path);
    }
    for (const path of last.reverse().slice(1)) {
      await page.goForward();
      await expectPage(page, path);
    }

    // A reload of a deep link renders the same page.
    await page.reload();
    await expectPage(page, last.at(-1) ?? '/');

    const unreached = SITE_ROUTES.filter((r) => ![...visited, '/'].includes(r) && r !== STATIC_PATHS.admin && !(r in LANDS_ON));
    expect(unreached).toEqual([]);
    await context.close();
  });

  it('at 375 px opens the menu, follows each navbar link and closes the menu behind it', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await page.goto('/');
    await expectPage(page, '/');
    // Escape closes the open menu and gives the focus back to its button.
    const firstLink = navbar(page).getByRole('link', { name: CATEGORIES.find((c) => c.inNavbar)?.navLabel ?? '', exact: true });
    await navbar(page).getByRole('button', { name: 'Open menu' }).click();
    const toggle = navbar(page).getByRole('button', { name: 'Close menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await firstLink.focus();
    await page.keyboard.press('Escape');
    const closed = navbar(page).getByRole('button', { name: 'Open menu' });
    await expect(closed.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect.poll(() => closed.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(firstLink.isVisible()).resolves.toBe(false);
    for (const category of CATEGORIES.filter((c) => c.inNavbar)) {
      await navbar(page).getByRole('button', { name: 'Open menu' }).click();
      await navbar(page).getByRole('link', { name: category.navLabel, exact: true }).click();
      await expectPage(page, `/${category.slug}`);
      await navbar(page).getByRole('button', { name: 'Open menu' }).waitFor();
    }
    await page.goBack();
    await expectPage(page, `/${CATEGORIES.filter((c) => c.inNavbar).at(-2)?.slug}`);
    await context.close();
  });

  it('follows in-page links: calls to action, the legal texts’ links and their two alias paths', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    const main = page.getByRole('main');
    const steps: [from: string, group: string, footerLink: string, inPage: string, to: string, reveal?: string][] = [
      ['/about', 'Support', 'About', 'Start creating', STATIC_PATHS.generate],
      ['/cookies', 'Legal', 'Cookies', 'Privacy Policy', STATIC_PATHS.privacyPolicyAlias],
      ['/policy', 'Legal', 'Use Policy', 'Report abuse', STATIC_PATHS.reportAbuseAlias],
      ['/help', 'Support', 'Help', 'Use Policy', STATIC_PATHS.policy],
      ['/help', 'Support', 'Help', 'report an issue', STATIC_PATHS.report],
      ['/faq', 'Support', 'FAQ', 'Contact us', STATIC_PATHS.contact, 'Still stuck?'],
    ];
    for (const [from, group, footerLink, inPage, to, reveal] of steps) {
      await footerGroup(page, group).getByRole('link', { name: footerLink, exact: true }).click();
      await expectPage(page, from);
      // FAQ answers sit in closed accordions: open the question first, as a visitor would.
      if (reveal) await main.getByText(reveal, { exact: true }).click();
      await main.getByRole('link', { name: inPage, exact: true }).first().click();
      await expectPage(page, to);
      await page.goBack();
      await expectPage(page, from);
    }
    await context.close();
  });

  it('answers an unknown path with a real 404 and a page that leads back home', async () => {
    // Chromium logs the document's own 404 as a console error: that one is the point of this test.
    allowConsoleErrors(/status of 404 \(Not Found\)/);
    const { page, context } = await e2e.newPage();
    const known = await page.goto('/space');
    expect(known?.status()).toBe(200);
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the studio' }).click();
    await expectPage(page, '/');
    await context.close();
  });
});

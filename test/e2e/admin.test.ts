import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastSeedRun } from '../../local/plugins/seed';
import { e2eForFile, SHOTS_DIR, signInAsOperator, until } from './support';

const e2e = e2eForFile({ featured: 12 });
// Seeded images stored after the operator's would be newer: let the seed finish first.
beforeAll(async () => {
  await lastSeedRun();
});

const PROMPT = 'A lonely lighthouse on a moon of Saturn';

async function featuredIds(): Promise<string[]> {
  const res = await fetch(`${e2e.app.url}/api/gallery/admin?model=flux_schnell&skip=0&take=100`);
  return ((await res.json()) as { id: string }[]).map((i) => i.id);
}

/** The Space page's tiles once its list has drawn (it re-reads the list when lastUpdated moved). */
async function spacePrompts(page: Page): Promise<string[]> {
  await page.goto('/space');
  const tiles = page.getByRole('button', { name: /^Open image:/ });
  await tiles.first().waitFor();
  return (await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((l) =>
    l.replace(/^Open image: /, ''),
  );
}

describe('operator console', () => {
  it('signs in when the site is opened at 127.0.0.1 instead of localhost', async () => {
    // Prepare: the same local server, reached by its IPv4 loopback address.
    const ipv4 = e2e.app.url.replace('//localhost:', '//127.0.0.1:');
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: ipv4 });
    const { page } = await e2e.newPage({ context });
    // Act
    await signInAsOperator(page, `${ipv4}/admin`);
    // Assess: back on the console at the origin it was opened at, signed in (the helper waits for both).
    await context.close();
  });

  it('opens on the overview: headline numbers, two charts drawn with their numbers as tables, a range switch; legible at 375 px', async () => {
    // Prepare: a visitor's picture, so the overview has something counted this hour.
    const res = await fetch(`${e2e.app.url}/api/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'A red kite over green hills',
        aspectRatio: '4:3',
        userId: randomUUID(),
        requestId: `req-${randomUUID()}`,
      }),
    });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    await until(
      async () => ((await (await fetch(`${e2e.app.url}/api/generate/${jobId}`)).json()) as { status: string }).status === 'done',
      60_000,
      'the visitor’s picture',
    );

    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      const { page, context } = await e2e.newPage({ width, height });
      await signInAsOperator(page);
      const overview = page.getByRole('region', { name: 'Overview' });
      await overview.waitFor();
      expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
      const tiles = overview.getByRole('list', { name: 'Headline numbers' });
      const made = tiles.getByRole('listitem').filter({ hasText: 'Pictures made' });
      await expect.poll(async () => Number((await made.locator('strong').textContent()) ?? 0)).toBeGreaterThanOrEqual(1);
      await overview.getByText(/^Last updated/).waitFor();
      expect(await overview.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // Two charts, each a drawn canvas with an accessible name, and its numbers as a table.
      const charts = overview.getByRole('img', { name: /^Chart:/ });
      await expect.poll(() => charts.locator('canvas').count()).toBe(2);
      for (const canvas of await charts.locator('canvas').all()) {
        const box = await canvas.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(200);
        expect(box?.width ?? 0).toBeLessThanOrEqual(width);
      }
      await overview.getByText('Pictures made as a table').click();
      const table = overview.getByRole('table', { name: /Pictures made and failed, per hour/ });
      const counted = await table
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).reduce((n, r) => n + Number(r.querySelectorAll('td')[0]?.textContent ?? 0), 0));
      expect(counted).toBeGreaterThanOrEqual(1);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS_DIR}/console-overview-${width}.png`, fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The range switch: 30 days, one row per day.
      await overview.getByRole('button', { name: '30 days' }).click();
      expect(await overview.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() =>
          overview
            .getByRole('table', { name: /per day/ })
            .first()
            .getByRole('row')
            .count(),
        )
        .toBe(31);
      await context.close();
    }
  });

  it('signs in through the OpenID provider, generates into Space, sees it first, deletes it everywhere', async () => {
    const { page } = await e2e.newPage();

    // The Space page caches its list in the browser: it must refresh on its own after the operator's change.
    expect(await spacePrompts(page)).not.toContain(PROMPT);

    // Sign in by typing the operator's credentials into the provider's page (the code flow with PKCE).
    await signInAsOperator(page, /\/admin$/);
    // Tokens in session storage only.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.')))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('oidc.user:')))).toBe(true);

    // The console opens on the overview; the admin generator is its own tab. Generate stays disabled until a category is chosen.
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    await page.getByRole('tab', { name: 'Generator' }).click();
    const generate = page.getByRole('button', { name: 'Generate Image' });
    await page.getByLabel('Prompt').fill(PROMPT);
    expect(await generate.isDisabled()).toBe(true);
    const category = page.getByLabel('Category', { exact: true });
    expect(await category.locator('option:checked').textContent()).toBe('Select a category');
    await category.selectOption({ label: 'Space' });
    expect(await generate.isDisabled()).toBe(false);
    await generate.click();

    // Done: the viewer opens on it, and it is first in the Admin Gallery.
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    const first = page.getByRole('list', { name: 'Admin Gallery' }).getByRole('listitem').first();
    expect(await first.getByRole('paragraph').first().textContent()).toBe(PROMPT);
    const id = (await first.getAttribute('data-image-id')) as string;
    expect((await featuredIds())[0]).toBe(id);
    await page.screenshot({ path: `${SHOTS_DIR}/admin-generator.png` });
    const axe = await new AxeBuilder({ page }).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Search the Admin Gallery by id (start of it) or prompt words; no match says so; cleared, all come back.
    const gallery = page.getByRole('list', { name: 'Admin Gallery' }).getByRole('listitem');
    const search = page.getByLabel('Search by ID or words');
    const all = await gallery.count();
    await search.fill(id.slice(0, 8).toUpperCase());
    expect(await gallery.count()).toBe(1);
    expect(await gallery.first().getAttribute('data-image-id')).toBe(id);
    await search.fill(PROMPT.split(' ').reverse().join(' '));
    expect(await gallery.evaluateAll((li) => li.map((l) => l.getAttribute('data-image-id')))).toContain(id);
    await search.fill('zzqx-nothing-matches');
    await page.getByText('No loaded image matches').waitFor();
    expect(await gallery.count()).toBe(0);
    await search.fill('');
    expect(await gallery.count()).toBe(all);

    // First on /space once the page has seen the new lastUpdated (its list is shuffled by the spec, so: present).
    expect(await spacePrompts(page)).toContain(PROMPT);
    const original = `${e2e.app.url}/files/images/${id}.png`;
    expect((await fetch(original)).status).toBe(200);

    // Delete it from the console (with its confirmation).
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Generator' }).click();
    const card = page.locator(`[data-image-id="${id}"]`);
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Confirm delete' }).click();
    await card.waitFor({ state: 'detached' });

    expect(await featuredIds()).not.toContain(id);
    expect(await spacePrompts(page)).not.toContain(PROMPT);
    await until(async () => (await fetch(original)).status === 404, 5_000, 'the original to leave S3');
    expect((await fetch(`${e2e.app.url}/files/thumbs/${id}.webp`)).status).toBe(404);

    // The audit log lists both actions.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const rows = page.getByRole('row').filter({ hasText: `image:${id}` });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);

    // The ads table lists the seeded ads under its column headers; the inbox opens on its filters.
    await page.getByRole('tab', { name: 'Ads' }).click();
    const ads = page.getByRole('region', { name: 'Ads' }).getByRole('table');
    await ads.getByRole('columnheader', { name: 'State' }).waitFor();
    await ads.getByRole('row').nth(1).waitFor();
    expect(await ads.getByRole('button', { name: /^(Disable|Enable)$/ }).count()).toBe((await ads.getByRole('row').count()) - 1);
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await page.getByRole('region', { name: 'Inbox' }).getByLabel('Kind').waitFor();

    // Sign out clears the tokens and ends the provider's session: signing in again asks for the password.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('oidc.user:')))).toBe(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/__local\/oidc\/interaction\//);
    await page.getByLabel('Password').waitFor();
  }, 180_000);
});

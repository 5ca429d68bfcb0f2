import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { MEANINGFUL_PROMPT_MESSAGE } from '../../shared/prompt-rule';
import { GENERATION_SUCCESS } from '../../shared/schemas/generation';
import { type E2E, SHOTS_DIR, startE2E, waitForFeatured } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await waitForFeatured(e2e.app, 12);
});
afterAll(async () => {
  await e2e?.stop();
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('AI Art Studio', () => {
  it('lets a new visitor generate from home, opens the image in the viewer and first in My AI Creations, and keeps it after reload', async () => {
    // Prepare: a fresh browser profile is a new visitor.
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    await expect(tab(page, 'Featured Gallery').getAttribute('aria-selected')).resolves.toBe('true');
    expect(await tab(page, 'My AI Creations').count()).toBe(0);
    const prompt = 'A lighthouse on a cliff at dawn, soft mist';

    // Act
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByRole('button', { name: 'Generate Image' }).click();

    // Assess: busy state, then the viewer on the new image, then the toast.
    await page.getByRole('button', { name: 'Loading...Please wait..' }).waitFor();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor({ timeout: 60_000 });
    await viewer.getByRole('img', { name: prompt }).waitFor();
    await page.getByText(GENERATION_SUCCESS).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS_DIR}/generated-viewer.png` });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect(tab(page, 'My AI Creations').getAttribute('aria-selected')).resolves.toBe('true');
    const firstTile = page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Open image:/ })
      .first();
    await expect(firstTile.getAttribute('aria-label')).resolves.toBe(`Open image: ${prompt}`);
    await expect(page.getByLabel('Prompt').inputValue()).resolves.toBe('');

    // A returning visitor (same localStorage) starts on their own tab with the image first.
    const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await expect(tab(page, 'My AI Creations').getAttribute('aria-selected')).resolves.toBe('true');
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: `Open image: ${prompt}` })
      .first()
      .waitFor();
    await context.close();
  });

  it('refuses a prompt that breaks the rule with the spec toast and sends nothing', async () => {
    const { page, context } = await e2e.newPage();
    const posts: string[] = [];
    page.on(
      'request',
      (req) => req.method() === 'POST' && req.url().includes('/api/generate') && !req.url().endsWith('/warm') && posts.push(req.url()),
    );
    await page.goto('/');

    await page.getByLabel('Prompt').fill('zzzz qqqq');
    await page.getByRole('button', { name: 'Generate Image' }).click();

    await page.getByText(MEANINGFUL_PROMPT_MESSAGE).waitFor();
    expect(posts).toEqual([]);
    await expect(page.getByLabel('Prompt').inputValue()).resolves.toBe('zzzz qqqq');
    await context.close();
  });

  it('disables Generate Image while the trimmed prompt is empty', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/generate');
    const button = page.getByRole('button', { name: 'Generate Image' });
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Prompt').fill('   ');
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Prompt').fill('A red fox in snow');
    await expect(button.isDisabled()).resolves.toBe(false);
    await context.close();
  });
});

describe('layout and accessibility', () => {
  for (const width of [375, 1440]) {
    it(`has no horizontal scroll at ${width} px`, async () => {
      const { page, context } = await e2e.newPage({ width, height: width < 800 ? 812 : 900 });
      await page.goto('/');
      await page.getByRole('tab', { name: 'Featured Gallery' }).waitFor();
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Open image:/ })
        .first()
        .waitFor();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await page.screenshot({ path: `${SHOTS_DIR}/home-${width}.png` });
      await page.screenshot({ path: `${SHOTS_DIR}/home-${width}-full.png`, fullPage: true });
      await context.close();
    });
  }

  for (const path of ['/', '/generate']) {
    it(`has no serious or critical axe violation on ${path}`, async () => {
      const { page, context } = await e2e.newPage();
      await page.goto(path);
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Open image:/ })
        .first()
        .waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { variantSeed } from '../../shared/variants';
import { e2eForFile, SHOTS_DIR } from './support';

/*
 * Variants in the studio (issue 32 item 1), as a visitor uses them at a desktop's and a phone's size: four pictures of
 * one prompt fill a grid as they arrive, each opens the viewer with its own seed, 'Reuse seed' brings that seed back to
 * the studio, 'Vary' makes four more with new seeds, and a style preset visibly adds to the prompt.
 */

const e2e = e2eForFile({ featured: 12 });

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });
const grid = (page: Page) => page.getByRole('region', { name: 'Your pictures' });
const tiles = (page: Page) => grid(page).getByRole('button', { name: /^Open picture \d of 4:/ });
const generate = (page: Page) => page.getByRole('button', { name: 'Generate Image' });

interface Posted {
  prompt: string;
  aspectRatio: string;
  count?: number;
  seed?: number;
}

/** The visitor's newest pictures, as the API lists them (newest first). */
async function ownPictures(page: Page, take: number): Promise<{ id: string; prompt: string; seed: number; aspectRatio: string }[]> {
  const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
  const res = await fetch(`${e2e.app.url}/api/gallery/list?model=flux_schnell&userId=${userId}&skip=0&take=${take}`);
  return (await res.json()) as { id: string; prompt: string; seed: number; aspectRatio: string }[];
}

/** Every text the grid's live status showed, in order (recorded in the page from before the first job). */
async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.variant-grid__status')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
}

describe('Variants in the studio', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`makes four pictures that fill a grid, opens each with its seed, reuses a seed and varies at ${size.width} px`, async () => {
      const { page, context } = await e2e.newPage(size);
      const posts: Posted[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/generate') posts.push(req.postDataJSON() as Posted);
      });
      await page.goto('/');
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Open image:/ })
        .first()
        .waitFor();
      // Home's first visit loads none of the studio's options: they come when the visitor turns to the studio.
      const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /studio-options/.test(e.name)));
      await expect(loaded()).resolves.toBe(false);

      // To the studio's own page, by the site's links.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Generate Images' }).click();
      await page.waitForURL('**/generate');
      const before = await generate(page).boundingBox();
      const prompt = page.getByLabel('Prompt');
      await prompt.click();
      const pictures = page.getByRole('group', { name: 'Pictures' });
      await pictures.waitFor();
      // The options' arrival moves nothing: Generate stays where it was.
      expect((await generate(page).boundingBox())?.y).toBeCloseTo(before?.y ?? -1, 0);

      // A style preset appends its phrase where the visitor sees it, and takes it out again.
      const text = 'A paper boat on a rainy street';
      await prompt.fill(text);
      const cinematic = page.getByRole('button', { name: 'Cinematic' });
      await cinematic.click();
      await expect(prompt.inputValue()).resolves.toBe(`${text}, cinematic lighting, 35mm film still`);
      await expect(cinematic.getAttribute('aria-pressed')).resolves.toBe('true');
      await cinematic.click();
      await expect(prompt.inputValue()).resolves.toBe(text);
      await cinematic.click();
      const styled = await prompt.inputValue();

      // Four pictures: the choice is remembered.
      await pictures.getByRole('radio', { name: '4', exact: true }).check();
      await expect(page.evaluate(() => localStorage.getItem('studioVariants'))).resolves.toBe('4');
      const statuses = await recordStatuses(page);
      await generate(page).click();
      await expect.poll(() => tiles(page).count(), { timeout: 60_000 }).toBe(4);
      await grid(page).getByText('4 of 4 ready').waitFor();
      // Placeholders first, then the pictures as they came; what was sent is what the prompt showed.
      const shown = await statuses();
      expect(shown[0]).toBe('0 of 4 ready');
      expect(shown.at(-1)).toBe('4 of 4 ready');
      expect(posts[0]).toMatchObject({ prompt: styled, count: 4 });
      expect(posts[0]).not.toHaveProperty('seed');
      // No viewer opens by itself for four; each has its own seed (the job's seed plus its index).
      await expect(viewer(page).count()).resolves.toBe(0);
      // The gallery lists each picture once it is stored, a moment after the job says it is done.
      await expect.poll(async () => (await ownPictures(page, 4)).filter((p) => p.prompt === styled).length, { timeout: 30_000 }).toBe(4);
      const made = (await ownPictures(page, 4)).reverse();
      expect(made.map((p) => p.prompt)).toEqual([styled, styled, styled, styled]);
      expect(made.map((p) => p.seed)).toEqual(made.map((_, i) => variantSeed(made[0]?.seed ?? 0, i)));
      await page.screenshot({ path: `${SHOTS_DIR}/variants-grid-${size.width}.png`, fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      // The second picture in the viewer: its seed in the details, and the job's pictures to step through.
      await tiles(page).nth(1).click();
      await viewer(page).waitFor();
      await expect(viewer(page).locator('.lightbox__meta').textContent()).resolves.toContain('2 / 4');
      await expect(viewer(page).locator('.lightbox__seed-value').textContent()).resolves.toBe(String(made[1]?.seed));
      // The arrow key steps on every size (a phone's bar hides the text buttons; it swipes).
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => viewer(page).locator('.lightbox__meta').textContent()).toContain('3 / 4');
      await expect(viewer(page).locator('.lightbox__seed-value').textContent()).resolves.toBe(String(made[2]?.seed));

      // Reuse seed: the studio with this picture's prompt, shape and seed, one picture.
      await viewer(page).getByRole('button', { name: 'More', exact: true }).click();
      await viewer(page).getByRole('button', { name: 'Reuse seed' }).click();
      await viewer(page).waitFor({ state: 'detached' });
      await expect.poll(() => prompt.inputValue()).toBe(styled);
      await page.getByText(`seed ${made[2]?.seed}`).waitFor();
      await expect(pictures.getByRole('radio', { name: '1', exact: true }).isChecked()).resolves.toBe(true);

      // Vary: a new job of four with the same prompt and shape and new seeds.
      const first = new Set(made.map((p) => p.id));
      await grid(page).getByRole('button', { name: /^Vary/ }).click();
      await expect.poll(() => posts.length).toBe(2);
      expect(posts[1]).toMatchObject({ prompt: styled, aspectRatio: made[0]?.aspectRatio, count: 4 });
      expect(posts[1]).not.toHaveProperty('seed');
      await expect.poll(() => grid(page).getByText('4 of 4 ready').count(), { timeout: 60_000 }).toBe(1);
      await expect.poll(async () => (await ownPictures(page, 8)).filter((p) => !first.has(p.id)).length).toBe(4);
      const varied = (await ownPictures(page, 4)).map((p) => p.seed);
      expect(varied.some((seed) => made.some((p) => p.seed === seed))).toBe(false);
      await context.close();
    }, 240_000);
  }
});

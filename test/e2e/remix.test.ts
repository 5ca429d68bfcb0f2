import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { clickLoadedTile, e2eForFile } from './support';

const e2e = e2eForFile({ featured: 12 });

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });

/**
 * The prompt, ratio and seed of the picture the viewer shows, read from the featured API by its prompt: the whole list,
 * page by page (the tab's first page is a random set of all featured pictures, and the seed may have stored more than
 * one page of them by now).
 */
async function shown(page: Page): Promise<{ prompt: string; aspectRatio: string; seed: number }> {
  const prompt = (await viewer(page).locator('.lightbox__prompt').textContent()) ?? '';
  const all: { prompt: string; aspectRatio: string; seed: number }[] = [];
  for (let skip = 0, take = 100; ; skip += take) {
    const res = await fetch(`${e2e.app.url}/api/gallery/admin?model=flux_schnell&skip=${skip}&take=${take}`);
    const batch = (await res.json()) as typeof all;
    all.push(...batch);
    if (batch.length < take) break;
  }
  const image = all.find((i) => i.prompt === prompt);
  if (!image) throw new Error(`no featured image with prompt ${prompt}`);
  return image;
}

/** Opens the gallery's first picture in the viewer (once its thumbnail has loaded, as the spec asks) and answers its record. */
async function openFirstTile(page: Page) {
  const tile = page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Open image:/ })
    .first();
  await clickLoadedTile(tile);
  return shown(page);
}

describe('Remix from the viewer', () => {
  it("'Use this prompt' fills the studio with the picture's prompt and ratio", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    const original = await openFirstTile(page);
    await viewer(page).getByRole('button', { name: 'More', exact: true }).click();
    await viewer(page).getByRole('button', { name: 'Use this prompt' }).click();
    await page.waitForURL('**/generate');
    // The studio fills as it renders after the route change: wait for it as a visitor would.
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe(original.prompt);
    await expect.poll(() => page.getByRole('radio', { name: original.aspectRatio }).isChecked()).toBe(true);
    await context.close();
  });

  it("'Make it in another shape' renders the same prompt and seed in the chosen ratio", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/generate');
    const original = await openFirstTile(page);
    const target = original.aspectRatio === '1:1' ? '16:9' : '1:1';
    await viewer(page).getByRole('button', { name: 'More', exact: true }).click();
    await viewer(page).getByRole('button', { name: 'Make it in another shape' }).click();
    await viewer(page).getByRole('group', { name: 'New shape for this prompt' }).getByRole('button', { name: target, exact: true }).click();
    await viewer(page).waitFor({ state: 'detached' });
    // The studio fills as the viewer closes (one render later on a loaded machine): wait for it.
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe(original.prompt);
    await expect.poll(() => page.getByRole('radio', { name: target }).isChecked()).toBe(true);
    await page.getByText('Same seed as the picture you chose').waitFor();

    await page.getByRole('button', { name: 'Generate Image' }).click();
    await viewer(page).waitFor({ timeout: 60_000 });
    const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
    const res = await fetch(`${e2e.app.url}/api/gallery/list?model=flux_schnell&userId=${userId}&skip=0&take=5`);
    const [made] = (await res.json()) as { prompt: string; aspectRatio: string; seed: number }[];
    expect(made).toMatchObject({ prompt: original.prompt, aspectRatio: target, seed: original.seed });
    await context.close();
  });
});

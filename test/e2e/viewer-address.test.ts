import { GENERATION_SUCCESS } from '@shared/schemas/generation';
import { PICTURE_PARAM, PICTURE_UNAVAILABLE } from '@shared/viewer-address';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedImages } from '../../local/plugins/seed';
import { generateInStudio } from '../../scripts/studio-steps';
import { allowConsoleErrors, clickLoadedTile, e2eForFile, SHOTS_DIR, waitForFeatured } from './support';

// Two pages of a collection's pictures are not needed: the first page of one, and the featured wall.
const e2e = e2eForFile({ featured: 30 });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

const viewerOf = (page: Page) => page.getByRole('dialog', { name: 'Image viewer' });
const pictureParam = (page: Page) => new URL(page.url()).searchParams.get(PICTURE_PARAM);

/** A finger drawn from (x, y1) to (x, y2) over `steps` moves (real touch events, as a phone sends them). */
async function swipe(cdp: CDPSession, x: number, y1: number, y2: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y1 }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y1 + ((y2 - y1) * i) / 5 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The scale the viewer's picture is drawn at (1 unzoomed). */
const scaleOf = (viewer: Locator) =>
  viewer.locator('.lightbox__img').evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img).transform).a || 1);

/** Each visible control of the viewer that something else (a toast) covers at its centre: empty when none is. */
async function coveredControls(viewer: Locator): Promise<string[]> {
  const covered: string[] = [];
  for (const control of await viewer.locator(':is(button, a[href]):not(.Toastify *)').all()) {
    if (!(await control.isVisible())) continue;
    const what = await control.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit && el.contains(hit) ? null : `${el.getAttribute('aria-label') ?? el.textContent} under ${hit?.className}`;
    });
    if (what) covered.push(what);
  }
  return covered;
}

describe('The viewer has an address', () => {
  for (const size of SIZES) {
    it(`in a collection at ${size.width}x${size.height}: Back closes it on the gallery at the same scroll, the address opens it, backdrop, swipe-down and zoom`, async () => {
      // Prepare: the whole seed in (each collection holds its pictures); a visitor reads /about, then opens
      // Photography (the issue's own steps: /about → /photography → open → Back landed on /about).
      await waitForFeatured(e2e.app, seedImages().length);
      const { page, context } = await e2e.newPage(size);
      await page.goto('/about');
      // Photography from the navbar (behind the menu button on a phone).
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      const collection = '/photography';
      await page.getByRole('navigation').getByRole('link', { name: 'Photography', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === collection);
      const tiles = page.getByRole('main').getByRole('button', { name: /^Open image:/ });
      const tile = tiles.first();
      await tile.waitFor();

      // Act: scroll down to the gallery (past the collection's hero) and open its first picture.
      await page.evaluate(() => {
        const grid = document.querySelector('.category-grid');
        if (grid) window.scrollTo(0, grid.getBoundingClientRect().top + window.scrollY - 40);
      });
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(100);
      await clickLoadedTile(tile);
      const viewer = viewerOf(page);
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      const id = pictureParam(page);
      expect(id).toBeTruthy();
      expect(new URL(page.url()).pathname).toBe(collection);
      const prompt = await viewer.locator('.lightbox__img').getAttribute('alt');

      // Back: the viewer closes, the gallery stays at the same scroll, the focus is back on the tile.
      await page.goBack();
      await viewer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(collection);
      expect(pictureParam(page)).toBeNull();
      // The gallery's scroll as it was (the browser restores it with the history entry: waited for, not read at once).
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
      await expect.poll(() => tile.evaluate((el) => el === document.activeElement)).toBe(true);
      // Back once more leaves for /about, as before the picture.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/about');

      // The address opens the picture directly (a shared link, a reload).
      await page.goto(`${collection}?${PICTURE_PARAM}=${id}`);
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      expect(await viewer.locator('.lightbox__img').getAttribute('alt')).toBe(prompt);
      await page.reload();
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      expect(await viewer.locator('.lightbox__img').getAttribute('alt')).toBe(prompt);

      // Zoom: the button doubles the picture and takes it back; the wheel zooms over the picture.
      const zoom = viewer.getByRole('button', { name: 'Zoom' });
      await zoom.click();
      await expect.poll(() => zoom.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => scaleOf(viewer)).toBeCloseTo(2, 1);
      await zoom.click();
      await expect.poll(() => scaleOf(viewer)).toBe(1);
      const img = await viewer.locator('.lightbox__img').boundingBox();
      if (!img) throw new Error('no picture box');
      await page.mouse.move(img.x + img.width / 2, img.y + img.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => scaleOf(viewer)).toBeGreaterThan(1.3);
      await zoom.click();
      await expect.poll(() => scaleOf(viewer)).toBe(1);
      await page.screenshot({ path: `${SHOTS_DIR}/viewer-address-${size.width}.png` });

      // A click on the backdrop (the strip above the picture) closes it; the address drops the picture in place.
      await page.mouse.click(size.width / 2, 20);
      await viewer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(collection);
      expect(pictureParam(page)).toBeNull();

      // A swipe down closes it too.
      await clickLoadedTile(tiles.first());
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      const cdp = await context.newCDPSession(page);
      await swipe(cdp, size.width / 2, size.height * 0.35, size.height * 0.35 + 200);
      await viewer.waitFor({ state: 'detached' });
      expect(pictureParam(page)).toBeNull();
      await context.close();
    }, 240_000);

    it(`on home at ${size.width}x${size.height}: a featured picture's Back stays home; my own picture's address opens for me and for nobody else`, async () => {
      const { page, context } = await e2e.newPage(size);
      await page.goto('/');
      const wallTile = page
        .getByRole('list', { name: 'Featured pictures' })
        .getByRole('button', { name: /^Open image:/ })
        .first();
      await clickLoadedTile(wallTile);
      const viewer = viewerOf(page);
      await viewer.waitFor();
      expect(pictureParam(page)).toBeTruthy();
      await page.goBack();
      await viewer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');

      // A new picture of mine (private): the viewer opens on it with its address; no toast covers a control.
      await generateInStudio(page, 'A paper boat on a rainy street');
      const id = pictureParam(page);
      expect(id).toBeTruthy();
      await viewer.getByRole('button', { name: 'Share' }).waitFor();
      await page.locator('.Toastify__toast', { hasText: GENERATION_SUCCESS }).waitFor();
      expect(await coveredControls(viewer)).toEqual([]);

      // Mine after a reload too.
      await page.reload();
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      await viewer.getByRole('button', { name: 'Share' }).waitFor();
      expect(pictureParam(page)).toBe(id);

      // Its address on a page whose lists do not hold it (a category; as a later page of my gallery): it opens for me,
      // asked of the API with my visitor id.
      await page.goto(`/space?${PICTURE_PARAM}=${id}`);
      await viewer.locator('.lightbox__img.is-loaded').waitFor();
      expect(pictureParam(page)).toBe(id);
      await viewer.getByRole('button', { name: 'Close viewer' }).click();
      await viewer.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/space');

      // A stranger with the same address: nothing opens, a polite notice, and the address drops the picture.
      // (Chromium logs the API's 404 for the private picture as a console error: that answer is the point here.)
      allowConsoleErrors(/status of 404 \(Not Found\)/);
      const stranger = await e2e.newPage(size);
      await stranger.page.goto(`/?${PICTURE_PARAM}=${id}`);
      await stranger.page.getByText(PICTURE_UNAVAILABLE).waitFor();
      await stranger.page.waitForURL((url) => !url.searchParams.has(PICTURE_PARAM));
      expect(await viewerOf(stranger.page).count()).toBe(0);
      await stranger.context.close();
      await context.close();
    }, 120_000);
  }
});

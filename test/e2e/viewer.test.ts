import { REPORT_SUCCESS } from '@shared/safety';
import { GENERATION_SUCCESS } from '@shared/schemas/generation';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateInStudio } from '../../scripts/studio-steps';
import { e2eForFile, SHOTS_DIR, waitForFeatured } from './support';

const e2e = e2eForFile();

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
  { width: 360, height: 640 },
] as const;

/** Every visible control in `scope` whose box is not wholly inside the viewport (empty when all fit). */
async function outside(page: Page, scope: Locator): Promise<string[]> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // The toasts' own close buttons slide in and out from off-screen: they are not the viewer's controls.
  const controls = scope.locator(':is(button, a[href], input, textarea, form):not(.Toastify *)');
  const bad: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (!box) continue;
    const fits = box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
    if (!fits) {
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim().slice(0, 30);
      bad.push(
        `${name} at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)}`,
      );
    }
  }
  return bad;
}

/** True when the topmost element at the toast's centre belongs to the toast (it is painted above the open dialog). */
async function toastOnTop(page: Page, text: string): Promise<string> {
  const toast = page.locator('.Toastify__toast', { hasText: text });
  await toast.waitFor();
  // Measured once its entrance animation has ended (it slides in from off-screen).
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = await toast.boundingBox();
  if (!box) return 'no toast box';
  return page.evaluate(
    ({ x, y, text }) => {
      const hit = document.elementFromPoint(x, y);
      const onTop = hit?.closest('.Toastify__toast')?.textContent?.includes(text) && hit.closest('dialog[open]');
      return onTop ? 'toast' : `${hit?.tagName}.${hit?.className} in ${hit?.closest('dialog')?.className}`;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, text },
  );
}

/** The viewer's close button takes a tap at its centre: no toast covers it (on phones they used to, for 3 s). */
async function closeUncovered(viewer: Locator): Promise<string> {
  const close = viewer.getByRole('button', { name: 'Close viewer' });
  const box = await close.boundingBox();
  if (!box) return 'no close button';
  return close.evaluate(
    (el, { x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return hit && el.contains(hit) ? 'close button' : `${hit?.tagName}.${hit?.className}`;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

describe('The viewer at 1440x900, 375x812 and 360x640', () => {
  for (const size of SIZES) {
    it(`keeps toasts above it, every control, the share link and the report form inside the viewport, on an opaque background at ${size.width}x${size.height}`, async () => {
      // Prepare: a new visitor generates a picture from home; the viewer opens on it.
      const { page, context } = await e2e.newPage(size);
      await page.goto('/');
      const viewer = await generateInStudio(page, 'A lighthouse on a cliff at dusk');

      // The success toast is painted above the open dialog, and the background hides the page.
      expect(await toastOnTop(page, GENERATION_SUCCESS)).toBe('toast');
      expect(await closeUncovered(viewer)).toBe('close button');
      const background = await viewer.evaluate((d) => getComputedStyle(d).backgroundColor);
      expect(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      const dialogBox = await viewer.boundingBox();
      expect(dialogBox).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
      expect(await outside(page, viewer)).toEqual([]);

      // Act: Share. The link, Copy link and Stop sharing are on screen; the toast is on top.
      await viewer.getByRole('button', { name: 'Share' }).click();
      await viewer.getByLabel('Link to this picture').waitFor();
      expect(await toastOnTop(page, 'Anyone with the link can see this picture now.')).toBe('toast');
      expect(await closeUncovered(viewer)).toBe('close button');
      expect(await outside(page, viewer)).toEqual([]);
      await page.screenshot({ path: `${SHOTS_DIR}/viewer-shared-${size.width}.png` });

      // More → Report: the form fits, and the thank-you toast is on top.
      await viewer.getByRole('button', { name: 'More', exact: true }).click();
      expect(await outside(page, viewer)).toEqual([]);
      await viewer.getByRole('button', { name: 'Report' }).click();
      const form = viewer.getByRole('form', { name: 'Why are you reporting this picture?' });
      await form.waitFor();
      expect(await outside(page, viewer)).toEqual([]);
      await page.screenshot({ path: `${SHOTS_DIR}/viewer-report-${size.width}.png` });
      await form.getByRole('radio', { name: 'Something else' }).check();
      await form.getByRole('button', { name: 'Send report' }).click();
      expect(await toastOnTop(page, REPORT_SUCCESS)).toBe('toast');
      expect(await closeUncovered(viewer)).toBe('close button');
      await context.close();
    }, 120_000);
  }
});

describe('The picture page /i/<id>', () => {
  it('fits a picture of each of the six ratios inside the viewport, details beside it on a desktop and below on a phone', async () => {
    // Prepare: a public (featured) picture of each ratio.
    await waitForFeatured(e2e.app, 12);
    const res = await fetch(`${e2e.app.url}/api/gallery/admin?model=flux_schnell&skip=0&take=100`);
    const all = (await res.json()) as { id: string; aspectRatio: string }[];
    const byRatio = new Map(all.map((image) => [image.aspectRatio, image.id]));
    expect(byRatio.size).toBe(6);

    for (const size of [SIZES[0], SIZES[1]]) {
      const { page, context } = await e2e.newPage(size);
      for (const [ratio, id] of byRatio) {
        // Act: open the picture's link.
        await page.goto(`/i/${id}`);
        const img = page.getByRole('main').getByRole('img');
        await img.waitFor();
        await img.evaluate((el) => (el as HTMLImageElement).decode());
        // Assess: the picture inside the viewport; the heading beside (desktop) or below (phone).
        const box = await img.boundingBox();
        const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(box && heading, ratio).toBeTruthy();
        if (!box || !heading) continue;
        expect(box.y + box.height, `${ratio} at ${size.width}`).toBeLessThanOrEqual(size.height);
        expect(box.x + box.width, `${ratio} at ${size.width}`).toBeLessThanOrEqual(size.width);
        if (size.width > 992) expect(heading.x, ratio).toBeGreaterThanOrEqual(box.x + box.width);
        else expect(heading.y, ratio).toBeGreaterThanOrEqual(box.y + box.height);
      }
      await page.screenshot({ path: `${SHOTS_DIR}/picture-page-${size.width}.png` });
      await context.close();
    }
  }, 180_000);
});

describe('The cookie banner on a phone (375x812)', () => {
  it('takes at most a fifth of the screen and leaves Generate reachable', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812, consent: 'undecided' });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies and storage' });
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box).toBeTruthy();
    if (!box) return;
    const share = (box.width * box.height) / (375 * 812);
    console.info(`cookie banner: ${Math.round(box.width)}x${Math.round(box.height)} px, ${(share * 100).toFixed(1)} % of 375x812`);
    expect(share).toBeLessThanOrEqual(0.2);
    // Generate: a visitor types a prompt and the button takes the click (Playwright refuses a covered target).
    await page.getByText('preview renderer — no GPU').waitFor();
    await page.getByLabel('Prompt').fill('A kite over a windy beach');
    await page.getByRole('button', { name: 'Generate Image' }).click({ trial: true });
    await page.screenshot({ path: `${SHOTS_DIR}/cookie-banner-375.png` });
    await context.close();
  });
});

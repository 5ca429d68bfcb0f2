import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedImages } from '../../local/plugins/seed';
import { END_OF_GALLERY_TEXT } from '../../shared/category-table';
import { ADS, PAGE_SIZE, TIMINGS } from '../../shared/constants';
import { clickLoadedTile, e2eForFile, escapeViewerTo, SHOTS_DIR, until, waitForFeatured } from './support';

// Page 2 of the featured list needs more than one page of operator images.
const e2e = e2eForFile({ featured: PAGE_SIZE.generator * 2 + 1 });

const tiles = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /^Open image:/ });

/** Holds the app's entry chunk until the answer is called: what shows meanwhile is the HTML and CSS alone. */
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** Opens the viewer on the first featured tile once its thumbnail has loaded (the spec opens only loaded ones). */
async function openFirstTile(page: Page) {
  const tile = tiles(page).first();
  await clickLoadedTile(tile);
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await viewer.waitFor();
  return { tile, viewer };
}

describe('lightbox', () => {
  it('moves with the arrow keys without wrapping, opens the ad popup on the 15th move with its countdown, and closes with Escape', async () => {
    const { page, context } = await e2e.newPage();
    // /generate: its Featured grid holds a page (home's shows 10 at first, too few for 15 moves; issue 32).
    await page.goto('/generate');
    const { tile, viewer } = await openFirstTile(page);
    const closeButton = viewer.getByRole('button', { name: 'Close viewer' });
    await expect.poll(() => closeButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await viewer.getAttribute('aria-modal')).toBe('true');
    const total = await tiles(page).count();
    await expect(viewer.getByRole('button', { name: 'Previous image' }).isDisabled()).resolves.toBe(true);

    // ArrowLeft at the first image does nothing (no wrap) and counts no view.
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText(`1 / ${total}`).waitFor();

    for (let move = 1; move < ADS.popupEvery; move++) {
      await page.keyboard.press('ArrowRight');
      await viewer.getByText(`${move + 1} / ${total}`).waitFor();
    }
    expect(await page.getByRole('dialog', { name: 'Sponsored' }).count()).toBe(0);
    // The countdown runs on the page's fake clock: the test moves its seconds, it does not wait them out.
    await page.clock.install();
    await page.keyboard.press('ArrowRight');

    const popup = page.getByRole('dialog', { name: 'Sponsored' });
    await popup.waitFor();
    // The countdown ticks down once a second from 5; no 'Close Ad' before it reaches 0.
    await popup.getByText(`Close ad in ${TIMINGS.adCountdownSeconds} s`).waitFor();
    // It says 'Sponsored' once, in its title (its tiles do not repeat it).
    await expect(popup.getByText('Sponsored', { exact: true }).count()).resolves.toBe(1);
    await page.clock.runFor(1000);
    await popup.getByText(`Close ad in ${TIMINGS.adCountdownSeconds - 1} s`).waitFor();
    await page.clock.runFor((TIMINGS.adCountdownSeconds - 2) * 1000);
    await popup.getByText('Close ad in 1 s').waitFor();
    expect(await popup.getByRole('button', { name: 'Close Ad' }).count()).toBe(0);
    expect(await closeButton.count()).toBe(0);
    // The popup is static: Escape neither closes it nor the viewer.
    await page.keyboard.press('Escape');
    expect(await popup.isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/ad-popup.png` });
    await page.clock.runFor(1000);
    await popup.getByRole('button', { name: 'Close Ad' }).click();
    await page.clock.resume();
    await popup.waitFor({ state: 'detached' });
    await closeButton.waitFor();
    // The focus is back where it was before the popup (the viewer's close button), not on <body>.
    await expect.poll(() => closeButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowLeft');
    await viewer.getByText(`${ADS.popupEvery} / ${total}`).waitFor();
    await escapeViewerTo(page, viewer, tile);
    await context.close();
  });
});

describe('featured gallery paging', () => {
  it('shows every featured image exactly once while scrolling to the end, one page per approach to the bottom', async () => {
    const total = seedImages().length;
    await waitForFeatured(e2e.app, total);
    const { page, context } = await e2e.newPage();
    const pageRequests: string[] = [];
    page.on('request', (req) => {
      // The tab's pages (take=25).
      if (/\/api\/gallery\/admin(\/random)?\?.*take=25/.test(req.url())) pageRequests.push(req.url());
    });
    // /generate scrolls its Featured grid endlessly; home shows 10 and grows by Load More (issue 32: its footer in reach).
    await page.goto('/generate');
    await expect.poll(() => tiles(page).count(), { timeout: 15_000 }).toBe(PAGE_SIZE.generator);

    const pages = Math.ceil(total / PAGE_SIZE.generator) + 1;
    const nearEnd = () => page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200);
    const loading = () => page.getByRole('tabpanel').getByRole('status').count();
    for (let approach = 1; approach < pages; approach++) {
      const before = await tiles(page).count();
      if (before === total) break;
      const answered = page.waitForResponse((res) => res.url().includes('/api/gallery/admin?') && res.url().includes('take=25'));
      let arrived = false;
      void answered.then(
        () => (arrived = true),
        () => {},
      );
      // A visitor keeps scrolling: late content (ads, pictures) can still grow the page after a scroll, carrying its
      // end out of the zone before the 100 ms debounce looks. Each look at the bottom counts; the hook's guard keeps it to one page per approach (checked below).
      await expect
        .poll(
          async () => {
            if (!arrived) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return arrived;
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBe(true);
      expect((await answered).status()).toBe(200);
      // Settled: nothing loading, and either everything shown or the end of the page carried out of the 200 px zone,
      // so no further page loads until the next approach (the old code loaded every remaining page here at once).
      await expect
        .poll(async () => (await loading()) === 0 && ((await tiles(page).count()) === total || !(await nearEnd())), { timeout: 15_000 })
        .toBe(true);
      expect(await tiles(page).count()).toBeGreaterThan(before);
    }
    // Every page asked for exactly once: the random page 0 and the walk of the newest-first list.
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    expect(pageRequests).toHaveLength(pages);

    // Each tile's thumbnail is its image's own object: the set of them is the set of images shown.
    const shown = await tiles(page).evaluateAll((els) => els.map((el) => el.querySelector('img')?.getAttribute('src') ?? ''));
    expect(shown).toHaveLength(total);
    expect(new Set(shown).size).toBe(total);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await context.close();
  }, 240_000);
});

describe('routes', () => {
  it('renders a category page with its hero, its images and the end-of-gallery text', async () => {
    let count = 0;
    await until(
      async () => {
        count = ((await (await fetch(`${e2e.app.url}/api/gallery/category/all?category=Photography`)).json()) as unknown[]).length;
        return count > 0;
      },
      60_000,
      'seeded photography images',
    );
    const { page, context } = await e2e.newPage();
    await page.goto('/photography');
    await page.getByRole('heading', { level: 1, name: 'The Art of AI Photography' }).waitFor();
    await page
      .getByRole('button', { name: /^Open image:/ })
      .first()
      .waitFor();
    expect(await page.title()).toBe('Photography Image Collection | Artloom');
    // The seed holds fewer than one page (20): every image shows and the end text replaces 'Load More'.
    expect(count).toBeLessThan(PAGE_SIZE.category);
    await expect.poll(() => page.getByRole('button', { name: /^Open image:/ }).count(), { timeout: 15_000 }).toBe(count);
    await page.getByText(END_OF_GALLERY_TEXT).waitFor();
    expect(await page.getByRole('button', { name: 'Load More Photography Images...' }).count()).toBe(0);
    await context.close();
  });

  it('paints /generate from its own prerendered page before the JS runs, with its own title, then hydrates it', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    const release = await holdEntry(page);
    const studioHeading = page.getByRole('heading', { level: 1, name: 'AI Art Studio' });
    try {
      await page.goto('/generate', { waitUntil: 'commit' });
      await studioHeading.waitFor();
      expect(await page.locator('#root[data-prerendered="/generate"]').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-deep-link'))).toBe(false);
      expect(await page.title()).toMatch(/^AI Art Studio: Generate Images from Text/);
    } finally {
      release();
    }
    // Hydrated: the markup is the app's now (the attribute goes when it starts) and the studio follows the prompt
    // (Generate, disabled in the HTML while the prompt is empty, is enabled by React's state).
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
    const generate = page.getByRole('button', { name: 'Generate Image' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByLabel('Prompt').fill('A lighthouse on a cliff');
    await expect.poll(() => generate.isEnabled()).toBe(true);
    expect(await studioHeading.count()).toBe(1);
    await context.close();
  });

  it('keeps a prompt typed and a ratio picked on home before its JS ran: Generate is ready once it hydrates', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    const release = await holdEntry(page);
    try {
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('#root[data-prerendered="/"]').waitFor({ state: 'attached' });
      await page.getByLabel('Prompt').fill('A paper boat on a puddle');
      await page.getByRole('radio', { name: '16:9', exact: true }).check();
    } finally {
      release();
    }
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
    // Nothing typed since: React's state took in what the prerendered form held (it used to stay empty).
    const generate = page.getByRole('button', { name: 'Generate Image' });
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByLabel('Prompt').inputValue()).toBe('A paper boat on a puddle');
    await page.locator('.ratio--selected').getByText('16:9', { exact: true }).waitFor();
    expect(await page.locator('.ratio--selected').count()).toBe(1);
    await context.close();
  });

  it('paints home from its prerendered HTML before the JS runs, and keeps that markup hidden on other paths', async () => {
    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    const release = await holdEntry(page);
    const studioHeading = page.getByRole('heading', { level: 1, name: 'AI Art Studio' });
    try {
      await page.goto('/', { waitUntil: 'commit' });
      await studioHeading.waitFor();
      expect(await page.locator('#root[data-prerendered]').count()).toBe(1);

      await page.goto('/photography', { waitUntil: 'commit' });
      await page.locator('#root[data-prerendered]').waitFor({ state: 'attached' });
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-deep-link'));
      expect(await studioHeading.isVisible()).toBe(false);
    } finally {
      release();
    }
    await page.getByRole('heading', { level: 1, name: 'The Art of AI Photography' }).waitFor();
    expect(await studioHeading.count()).toBe(0);
    await context.close();
  });
});

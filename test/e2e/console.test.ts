import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { e2eForFile, SHOTS_DIR, signInAsOperator } from './support';

const e2e = e2eForFile({ featured: 12 });

/** How far the page is wider than the viewport (0 when nothing overflows sideways). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("The operator's console on a phone (375x812)", () => {
  it('shows reported pictures with their reasons and Hide / Keep; readable inbox; ads as cards with https links, a reset form and a confirmed Delete', async () => {
    // Prepare: a visitor reports a featured picture.
    const res = await fetch(`${e2e.app.url}/api/gallery/admin?model=flux_schnell&skip=0&take=1`);
    const [reported] = (await res.json()) as { id: string; prompt: string }[];
    if (!reported) throw new Error('no featured picture');
    const sent = await fetch(`${e2e.app.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageId: reported.id, reason: 'spam', details: 'Sells shoes' }),
    });
    expect(sent.status).toBeLessThan(300);

    const { page, context } = await e2e.newPage({ width: 375, height: 812 });
    await signInAsOperator(page);

    // The moderation queue: the picture itself (loaded), its reason with a count, Hide and Keep.
    await page.getByRole('tab', { name: 'Moderation' }).click();
    const card = page.getByRole('listitem', { name: `Reported picture: ${reported.prompt}` });
    await card.waitFor();
    const img = card.getByRole('img', { name: reported.prompt });
    await img.evaluate((el) => (el as HTMLImageElement).decode());
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await card.getByText('Spam or advertising × 1').waitFor();
    await card.getByText('“Sells shoes”').waitFor();
    await card.getByRole('button', { name: 'Hide' }).waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS_DIR}/console-moderation-375.png` });
    await card.getByRole('button', { name: 'Keep' }).click();
    await card.waitFor({ state: 'detached' });

    // The inbox reads as words: 'Reason: Spam' style labels, not stored keys.
    await page.getByRole('tab', { name: 'Inbox' }).click();
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await inbox.getByLabel('Kind').selectOption({ label: 'Picture reports' });
    await inbox.getByLabel('State').selectOption('all');
    const message = inbox.getByRole('article').filter({ hasText: 'Sells shoes' });
    await message
      .getByRole('term')
      .filter({ hasText: /^Picture ID$/ })
      .waitFor();
    expect(await message.getByRole('term').allTextContents()).not.toContain('imageId');
    await page.screenshot({ path: `${SHOTS_DIR}/console-inbox-375.png` });

    // Ads: cards, not a table wider than the phone.
    await page.getByRole('tab', { name: 'Ads' }).click();
    const ads = page.getByRole('region', { name: 'Ads' });
    await ads.getByRole('button', { name: 'Delete' }).first().waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);

    // An http:// link is refused by the form (the shared rule), an https:// one is taken; the form is empty after.
    const form = ads.getByRole('form', { name: 'New ad' });
    const banner = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await form.getByLabel('Link (https://…)').fill('http://shop.example/shoes');
    await form.getByLabel(/^Banner/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: banner });
    await form.getByRole('button', { name: 'Create ad' }).click();
    await form.getByRole('alert').getByText('https://').waitFor();
    await form.getByLabel('Link (https://…)').fill('https://shop.example/shoes');
    await form.getByRole('button', { name: 'Create ad' }).click();
    const row = ads.getByRole('row').filter({ hasText: 'https://shop.example/shoes' });
    await row.waitFor();
    const fresh = ads.getByRole('form', { name: 'New ad' });
    await expect(fresh.getByLabel('Link (https://…)').inputValue()).resolves.toBe('');
    await expect(fresh.getByLabel(/^Banner/).evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).resolves.toBe(0);

    // Delete asks first; 'Keep it' changes nothing, the confirmation deletes.
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Keep it' }).click();
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes, delete this ad' }).click();
    await row.waitFor({ state: 'detached' });

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await context.close();
  }, 180_000);
});

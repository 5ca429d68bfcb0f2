import { GENERATION_SUCCESS } from '@shared/schemas/generation';
import { describe, expect, it } from 'vitest';
import { freshWindow } from '../support/windows';
import { e2eForFile, SHOTS_DIR } from './support';

// One picture an hour per visitor; every case counts in one hour of the functions' clock, early in it.
const e2e = e2eForFile({ env: { ...freshWindow().env, GEN_USER_HOURLY: '1' } });

describe('A fair, quiet quota (issue 32)', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`at ${size.width}x${size.height}: a newcomer reads their own allowance; at 0 Generate stays disabled, also while typing, and says when it frees up`, {
      timeout: 120_000,
    }, async () => {
      const { page, context } = await e2e.newPage(size);
      await page.goto('/');
      // The visitor's own allowance, in their terms; nothing about a network.
      const meter = page.locator('.studio__quota');
      await page.getByText('You can make 1 more picture this hour.').waitFor();
      expect(await meter.textContent()).not.toMatch(/network|connection|used/i);

      await page.getByText('preview renderer — no GPU').waitFor();
      await page.getByLabel('Prompt').fill('A tea cup on a windowsill, morning light');
      const generate = page.getByRole('button', { name: /^Generate Image/ });
      await generate.click();
      await page.getByText(GENERATION_SUCCESS).waitFor({ timeout: 60_000 });
      await page.keyboard.press('Escape');

      // None left: the meter gives the time, and the button keeps disabled while a prompt is typed, with that time.
      await page.getByText('You have made your 1 picture for this hour.').waitFor();
      // The time as the visitor's clock shows it (Chromium's en-US: '02:00 AM').
      const at = (await meter.textContent())?.match(/at (\d\d:\d\d(?: [AP]M)?)\./)?.[1];
      expect(at).toBeTruthy();
      await page.getByLabel('Prompt').fill('Another one, please');
      await page.getByLabel('Prompt').press('Enter');
      await expect(generate.isDisabled()).resolves.toBe(true);
      await expect(generate.textContent()).resolves.toContain(`again at ${at}`);
      // The button's description is the meter (a screen reader hears why it is disabled).
      const described = await generate.getAttribute('aria-describedby');
      expect(described && (await page.locator(`[id="${described}"]`).textContent())).toContain(at);
      await generate.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS_DIR}/quota-spent-${size.width}.png` });
      await context.close();
    });
  }
});

import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listInbox } from '../../lambdas/adapters/messages-table';
import { STORAGE_KEYS } from '../../shared/constants';
import { IMAGE_REPORT_TYPE, PROMPT_REFUSED_PREFIX, REPORT_SUCCESS } from '../../shared/safety';
import { GENERATION_SUCCESS } from '../../shared/schemas/generation';
import { freshWindow } from '../support/windows';
import { allowConsoleErrors, clickLoadedTile, e2eForFile, SHOTS_DIR } from './support';

const HOURLY = 3;
// The file's jobs count in one hour of the functions' clock, early in it (no wait for the wall clock).
const e2e = e2eForFile({ env: { ...freshWindow().env, GEN_USER_HOURLY: String(HOURLY) }, featured: 12 });

/** This test's console errors, to count the provoked ones exactly (the shared guard allows them, nothing more). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return errors;
}

const refusals = (page: Page) => page.getByText(PROMPT_REFUSED_PREFIX, { exact: false });

describe('safety in the browser', () => {
  it('explains a refused prompt next to the prompt and in a toast, spends nothing; the meter matches the server after each of 3 generations, then Generate stays disabled', {
    timeout: 240_000,
  }, async () => {
    // The refused prompt (422) is what this test provokes; counted exactly below.
    allowConsoleErrors(/status of 422/);
    const { page, context } = await e2e.newPage();
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByText(`You can make ${HOURLY} more pictures this hour.`).waitFor();

    await page.getByLabel('Prompt').fill('a p 0 r n picture of a beach');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    // Twice: the toast and the line under the prompt, both with the plain reason.
    await expect.poll(() => refusals(page).count()).toBe(2);
    await expect(refusals(page).first().textContent()).resolves.toContain('sexual content (“porn”)');
    await page.screenshot({ path: `${SHOTS_DIR}/safety-refused-prompt.png` });
    await expect(page.getByLabel('Prompt').inputValue()).resolves.toBe('a p 0 r n picture of a beach');
    await page.getByText(`You can make ${HOURLY} more pictures this hour.`).waitFor();

    // Three generations, the meter after each equal to what the server counts.
    const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
    const serverLeft = async () =>
      ((await (await fetch(`${e2e.app.url}/api/generate/quota?userId=${userId}`)).json()) as { remaining: number }).remaining;
    for (const left of [2, 1, 0]) {
      await page.getByLabel('Prompt').fill(`A lighthouse on a cliff at dawn, take ${left}`);
      await page.getByRole('button', { name: 'Generate Image' }).click();
      await page.getByText(GENERATION_SUCCESS).waitFor({ timeout: 60_000 });
      await page.keyboard.press('Escape');
      const meter = left === 0 ? `You have made your ${HOURLY} pictures for this hour.` : `You can make ${left} more`;
      await page.getByText(meter).waitFor();
      expect(await serverLeft()).toBe(left);
      await page.getByText(GENERATION_SUCCESS).waitFor({ state: 'detached', timeout: 10_000 });
    }
    // None left: Generate stays disabled while a prompt is typed, and says when it comes back (the server's 429, which
    // the quota integration tests cover, is never provoked).
    await page.getByLabel('Prompt').fill('A lighthouse on a cliff at dawn, one too many');
    const generate = page.getByRole('button', { name: /^Generate Image/ });
    await expect(generate.isDisabled()).resolves.toBe(true);
    await expect(generate.textContent()).resolves.toMatch(/again at \d\d:\d\d/);
    expect(await serverLeft()).toBe(0);
    // Chromium logs every non-2xx answer; the 422 is this test's expected refusal, nothing else may appear.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    expect(errors.length).toBe(1);
    await context.close();
  });

  it('reports a featured picture from the lightbox with a reason and details', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    const tile = page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Open image:/ })
      .first();
    await clickLoadedTile(tile);
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor();
    const prompt = await viewer.getByRole('img').getAttribute('alt');

    await viewer.getByRole('button', { name: 'More', exact: true }).click();
    await viewer.getByRole('button', { name: 'Report' }).click();
    const form = viewer.getByRole('form', { name: 'Why are you reporting this picture?' });
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByRole('alert').getByText('Please choose a reason.').waitFor();
    await form.getByRole('radio', { name: 'Spam or advertising' }).check();
    const note = `e2e ${randomUUID()}`;
    await form.getByLabel('Details (optional)').fill(note);
    // Keys typed in the form stay there: the arrow does not move the viewer.
    await form.getByLabel('Details (optional)').press('ArrowRight');
    await expect(viewer.getByRole('img').getAttribute('alt')).resolves.toBe(prompt);
    await page.screenshot({ path: `${SHOTS_DIR}/safety-report-form.png` });
    const axe = await new AxeBuilder({ page }).include('.report__form').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await form.getByRole('button', { name: 'Send report' }).click();

    await page.getByText(REPORT_SUCCESS).waitFor();
    await expect(viewer.getByRole('button', { name: 'Reported' }).isDisabled()).resolves.toBe(true);
    const stored = (await listInbox(IMAGE_REPORT_TYPE, 'all', 100)).items.find((m) => m.fields.details === note);
    expect(stored?.fields).toMatchObject({ reason: 'spam', prompt });
    await context.close();
  });
});

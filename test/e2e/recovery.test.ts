import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { fromRecoveryCode } from '../../shared/recovery-code';
import { e2eForFile } from './support';

const e2e = e2eForFile();

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('Keep my gallery', () => {
  it('moves a gallery to a new browser with its recovery code, reached from My AI Creations', async () => {
    // Prepare: one browser makes a picture.
    const first = await e2e.newPage();
    await first.page.goto('/');
    const prompt = 'A paper boat on a rain puddle, city lights';
    await first.page.getByLabel('Prompt').fill(prompt);
    await first.page.getByRole('button', { name: 'Generate Image' }).click();
    const viewer = first.page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.waitFor({ timeout: 60_000 });
    await first.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    const userId = await first.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);

    // Its code, found from the gallery the way a visitor would.
    await first.page.getByRole('link', { name: 'Keep this gallery on another browser' }).click();
    await first.page.getByRole('heading', { level: 1, name: 'Keep Your Gallery' }).waitFor();
    const code = (await first.page.getByLabel('Your recovery code').textContent()) ?? '';
    expect(fromRecoveryCode(code)).toBe(userId);
    await first.page.getByRole('img', { name: /QR code/ }).waitFor();
    expect((await new AxeBuilder({ page: first.page }).analyze()).violations).toEqual([]);

    // Act: another browser (a new visitor) enters it, mistyped first.
    const second = await e2e.newPage();
    await second.page.goto('/');
    await second.page.getByRole('link', { name: 'Keep My Gallery' }).click();
    const field = second.page.getByLabel('Recovery code', { exact: true });
    const own = await second.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
    const ownCode = (await second.page.getByLabel('Your recovery code').textContent()) ?? '';
    // Each kind of slip: a wrong character, a missing one, two neighbours swapped.
    const plain = code.replace(/-/g, '');
    const other = (ch: string) => (ch === 'A' ? 'B' : 'A');
    const typos = [
      plain.slice(0, 9) + other(plain[9] ?? '') + plain.slice(10),
      plain.slice(0, 5) + plain.slice(6),
      plain.slice(0, 13) + plain[14] + plain[13] + plain.slice(15),
    ].filter((typo) => typo !== plain);
    for (const typo of typos) {
      await field.fill(typo);
      await second.page.getByRole('button', { name: 'Continue this gallery' }).click();
      await second.page.getByRole('alert').filter({ hasText: 'That code has a typo' }).waitFor();
      expect(await second.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId)).toBe(own);
    }
    await field.fill(code.toLowerCase().replace(/-/g, ' '));
    await second.page.getByRole('button', { name: 'Continue this gallery' }).click();

    // A confirmation first, showing this browser's own code before anything is replaced.
    const confirm = second.page.getByRole('alertdialog', { name: "Replace this browser's gallery?" });
    await confirm.waitFor();
    await expect(confirm.getByLabel("This browser's current code").textContent()).resolves.toBe(ownCode);
    expect(await second.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId)).toBe(own);
    await confirm.getByRole('button', { name: 'Switch to that gallery' }).click();

    // Assess: the studio, on that gallery, with the picture.
    await second.page.waitForURL('**/generate');
    await expect(tab(second.page, 'My AI Creations').getAttribute('aria-selected')).resolves.toBe('true');
    await second.page
      .getByRole('tabpanel')
      .getByRole('button', { name: `Open image: ${prompt}` })
      .first()
      .waitFor();
    expect(await second.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId)).toBe(userId);
    await first.context.close();
    await second.context.close();
  });

  it('fills the code in from the QR code link', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/restore#code=ABCD-EFGH');
    await expect(page.getByLabel('Recovery code', { exact: true }).inputValue()).resolves.toBe('ABCD-EFGH');
    await context.close();
  });
});

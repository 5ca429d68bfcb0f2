import { describe, expect, it } from 'vitest';
import { FEATURED_PROMPTS } from '../../local/seed/prompts';
import { clickLoadedTile, e2eForFile } from './support';

const e2e = e2eForFile({ featured: FEATURED_PROMPTS.length });

describe('Search pictures', () => {
  it('finds a seeded picture by a word of its prompt, opens it, and keeps the search in the URL', async () => {
    const prompt = FEATURED_PROMPTS.find((p) => p.includes('Koi')) ?? '';
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Search Pictures' }).click();
    await page.getByRole('heading', { level: 1, name: 'Search AI Pictures' }).waitFor();

    // Act: a word of the prompt, in another case, the last one unfinished.
    const box = page.getByRole('searchbox', { name: 'Search pictures' });
    await box.fill('KOI pon');
    await page.getByRole('button', { name: 'Search' }).click();

    // Assess
    await page.waitForURL(/\/search\?q=KOI\+pon$/);
    const tile = page.getByRole('button', { name: `Open image: ${prompt}` }).first();
    await page.getByText(/pictures? match(es)? “KOI pon”/).waitFor();
    await clickLoadedTile(tile);
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.getByRole('img', { name: prompt }).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // A word no prompt has; then Back returns to the first search, which a reload keeps.
    await box.fill('xylophonequasar');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No pictures match “xylophonequasar”. Try another word.').waitFor();
    await page.goBack();
    await tile.waitFor();
    await expect(box.inputValue()).resolves.toBe('KOI pon');
    await page.reload();
    await page
      .getByRole('button', { name: `Open image: ${prompt}` })
      .first()
      .waitFor();
    await context.close();
  });

  it('finds a word by its stem and explains why one letter is not searched (issue 32)', async () => {
    const prompt = FEATURED_PROMPTS.find((p) => p.includes('pond')) ?? '';
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Search Pictures' }).click();
    const box = page.getByRole('searchbox', { name: 'Search pictures' });
    const button = page.getByRole('button', { name: 'Search' });

    // One letter: the button stays off and a hint, tied to the box, says why.
    await box.fill('k');
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByRole('status').filter({ hasText: 'Type at least 2 letters to search.' }).waitFor();
    await expect(box.getAttribute('aria-describedby')).resolves.toBeTruthy();

    // "ponds" is in no prompt and is no prefix of "pond": only the stem finds it.
    await box.fill('ponds');
    await expect(page.getByText('Type at least 2 letters to search.').count()).resolves.toBe(0);
    await button.click();
    await page.waitForURL(/\/search\?q=ponds$/);
    await page.getByText(/1 picture matches “ponds”/).waitFor();
    await page
      .getByRole('button', { name: `Open image: ${prompt}` })
      .first()
      .waitFor();
    await context.close();
  });
});

import type { Locator, Page } from 'playwright-core';

/**
 * A visitor's generation in the studio on `page` (home or /generate, with the local preview renderer):
 * the badge from /api/health comes first (a prompt typed before hydration would be reset by it), then
 * the prompt and Generate Image. Answers the viewer once its new image has loaded. The e2e tests and
 * the screenshot script take the same steps.
 */
export async function generateInStudio(page: Page, prompt: string): Promise<Locator> {
  await page.getByText('preview renderer — no GPU').waitFor();
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await viewer.locator('.lightbox__img.is-loaded').waitFor({ timeout: 60_000 });
  return viewer;
}

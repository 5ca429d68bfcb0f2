import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { listInbox } from '../../lambdas/adapters/messages-table';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { CONTACT_MESSAGES, CONTACT_SUCCESS, FEEDBACK_MESSAGES, ISSUE_MESSAGES, NEWSLETTER_MESSAGES } from '../../shared/schemas/forms';
import { e2eForFile, SHOTS_DIR } from './support';

const e2e = e2eForFile();
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#8b6cff' } })
    .png()
    .toBuffer();
});

describe('feedback page', () => {
  it('guides an invalid submit, checks the screenshot size, and stores a valid feedback with its screenshot', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/feedback');
    const submit = page.getByRole('button', { name: 'Submit Feedback' });
    await page.getByText(FEEDBACK_MESSAGES.rating).waitFor();
    // Invalid: announced disabled, yet a click explains why and focuses the first invalid field.
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    await submit.click({ force: true });
    await page.getByText(FEEDBACK_MESSAGES.missingRating).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('feedback-feedbackType');

    await page.getByLabel('Feedback type').selectOption('feature_request');
    // The rating is a radio group: arrow keys move the choice.
    await page.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await page.getByLabel('Description').fill('Please add a dark mode toggle to the lightbox.');
    await page.getByLabel('Email (optional)').fill('nope@');
    await page.getByLabel('Description').focus();
    await page.getByText(FEEDBACK_MESSAGES.email).waitFor();
    await page.getByLabel('Email (optional)').fill('e2e@example.com');

    const file = page.getByLabel(/^Screenshot/);
    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1) });
    await page.getByText(FEEDBACK_MESSAGES.screenshotInline).waitFor();
    await page.getByText(FEEDBACK_MESSAGES.screenshotToast).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    await file.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Uploading screenshot...').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('Uploading screenshot...').waitFor({ state: 'hidden' });
    await submit.click();
    await page.getByText(FEEDBACK_MESSAGES.success).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS_DIR}/forms-feedback.png`, fullPage: true });

    const { items } = await listInbox('feedback', 'all', 5);
    expect(items[0]).toMatchObject({ fields: { feedbackType: 'feature_request', rating: 3, email: 'e2e@example.com' } });
    expect(items[0]?.attachment).toMatchObject({ contentType: 'image/png', size: png.length, filename: 'screen.png' });
    await context.close();
  });
});

describe('report page', () => {
  it('shows the invalid-form alert, then stores a report', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/report');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByRole('alert').filter({ hasText: ISSUE_MESSAGES.invalidForm }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('issue-reporterEmail');
    await page.getByLabel('Your email').fill('reporter@example.com');
    await page.getByLabel('Issue type').selectOption('slow_performance');
    await page.getByLabel('Page URL (optional)').fill('https://artloom.example/generate');
    await page.getByLabel('Description').fill('Generation took over a minute.');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByText(ISSUE_MESSAGES.success).waitFor();
    const { items } = await listInbox('issue', 'all', 5);
    expect(items[0]?.fields).toMatchObject({ issueType: 'slow_performance', reporterEmail: 'reporter@example.com' });
    await context.close();
  });
});

describe('contact page and newsletter', () => {
  it('shows messages for touched fields and sends a valid message', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/contact');
    await page.getByLabel('First Name').fill('A');
    await page.getByLabel('Last Name').focus();
    await page.getByText(CONTACT_MESSAGES.firstName).waitFor();
    expect(await page.getByText(CONTACT_MESSAGES.lastName).count()).toBe(0);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject').fill('Partnership');
    await page.getByLabel('Message').fill('We would like to feature your collections.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(CONTACT_SUCCESS).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    await context.close();
  });

  it('subscribes from the footer with an inline status', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/contact');
    const email = page.getByLabel('Email address');
    await email.fill('footer@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.success }).waitFor();
    expect(await email.inputValue()).toBe('');
    await context.close();
  });

  for (const path of ['/feedback', '/report', '/contact']) {
    it(`has no serious or critical axe violation on ${path}`, async () => {
      const { page, context } = await e2e.newPage();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});

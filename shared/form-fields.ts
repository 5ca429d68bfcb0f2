/**
 * What the forms show before they validate anything: the honeypot field's name and the newsletter's
 * messages. Apart from schemas/forms.ts (which re-exports them) because that module loads zod, and
 * the footer's newsletter form is on every page: it loads the schema only when it is sent (issue 25).
 */
export const HONEYPOT_FIELD = 'website';

export const NEWSLETTER_MESSAGES = {
  success: '✅ Subscribed!',
  failure: 'Failed to subscribe. Try again later.',
  network: 'Network error.',
} as const;

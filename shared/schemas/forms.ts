import * as z from 'zod';
import { RATING } from '../constants';
import { HONEYPOT_FIELD } from '../form-fields';
import { emailSchema, refuseForbiddenCharacters, textField } from './common';

// The newsletter's messages and the honeypot's name: shared/form-fields.ts (no zod: the footer's form shows on every page).
export { HONEYPOT_FIELD, NEWSLETTER_MESSAGES } from '../form-fields';

/**
 * Text length bounds where the spec is silent, chosen to fit any honest message and keep one
 * DynamoDB item far below its 400 kB limit.
 */
export const FORM_LIMITS = {
  name: 100,
  subject: 200,
  message: 5000,
  description: 5000,
  url: 2048,
  /** Stored user agent (truncated, not refused). */
  userAgent: 512,
} as const;

/** Contact form (spec section 5 table), exact messages. */
export const CONTACT_MESSAGES = {
  firstName: 'First Name is required (minimum 2 characters).',
  lastName: 'Last Name is required (minimum 2 characters).',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  subject: 'Subject is required.',
  message: 'Message is required (minimum 10 characters).',
} as const;

export const contactMessageSchema = z.object({
  firstName: textField().trim().min(2, { error: CONTACT_MESSAGES.firstName }).max(FORM_LIMITS.name),
  lastName: textField().trim().min(2, { error: CONTACT_MESSAGES.lastName }).max(FORM_LIMITS.name),
  email: z.string().trim().min(1, { error: CONTACT_MESSAGES.emailRequired }).pipe(emailSchema(CONTACT_MESSAGES.emailInvalid)),
  subject: textField().trim().min(1, { error: CONTACT_MESSAGES.subject }).max(FORM_LIMITS.subject),
  message: textField({ multiline: true }).trim().min(10, { error: CONTACT_MESSAGES.message }).max(FORM_LIMITS.message),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const FEEDBACK_TYPES = ['bug_report', 'feature_request', 'design_ux', 'general_comment'] as const;
export const FEEDBACK_TYPE_LABELS: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  bug_report: 'Bug report',
  feature_request: 'Feature request',
  design_ux: 'Design / UX',
  general_comment: 'General comment',
};

export const FEEDBACK_MESSAGES = {
  email: 'Please enter a valid email.',
  rating: 'Please select a star rating.',
  missingRating: 'Please complete all required fields including rating.',
  screenshotToast: 'Screenshot must be smaller than 2MB.',
  screenshotInline: 'Screenshot is too large (max 2MB).',
  success: 'Feedback submitted successfully!',
  failure: 'Something went wrong. Please try again.',
} as const;

/** Feedback fields as they arrive in the multipart body (all strings). The file is checked apart. */
export const feedbackFieldsSchema = z.object({
  feedbackType: z.enum(FEEDBACK_TYPES, { error: 'Please choose a feedback type.' }),
  description: textField({ multiline: true }).trim().min(1, { error: 'Description is required.' }).max(FORM_LIMITS.description),
  email: z
    .union([z.literal(''), emailSchema(FEEDBACK_MESSAGES.email)])
    .optional()
    .default(''),
  rating: z
    .string()
    .regex(/^[1-5]$/, { error: FEEDBACK_MESSAGES.rating })
    .transform(Number)
    .pipe(z.number().min(RATING.min).max(RATING.max)),
});
export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;

export const ISSUE_TYPES = ['generation_error', 'login_problem', 'ui_glitch', 'slow_performance', 'payment_issue', 'other'] as const;
export const ISSUE_TYPE_LABELS: Record<(typeof ISSUE_TYPES)[number], string> = {
  generation_error: 'Image generation error',
  login_problem: 'Login problem',
  ui_glitch: 'UI glitch',
  slow_performance: 'Slow performance',
  payment_issue: 'Payment issue',
  other: 'Other',
};

export const ISSUE_MESSAGES = {
  invalidForm: 'Please fill out all required fields correctly.',
  success: 'Report submitted successfully!',
  failure: 'Submission failed. Please try again.',
} as const;

export const issueReportFieldsSchema = z.object({
  reporterEmail: z.string().trim().min(1, { error: 'Email is required.' }).pipe(emailSchema()),
  issueType: z.enum(ISSUE_TYPES, { error: 'Please choose an issue type.' }),
  issueUrl: z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: 'Page URL must be an http(s) address.' })
        .max(FORM_LIMITS.url)
        // URL parsing drops tabs and line breaks silently; the stored text must be what was checked.
        .superRefine(refuseForbiddenCharacters()),
    ])
    .optional()
    .default(''),
  description: textField({ multiline: true }).trim().min(1, { error: 'Description is required.' }).max(FORM_LIMITS.description),
});
export type IssueReportFields = z.infer<typeof issueReportFieldsSchema>;

export const newsletterSignupSchema = z.object({ email: z.string().trim().min(1, { error: 'Email is required.' }).pipe(emailSchema()) });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const CONTACT_SUCCESS = 'Your message has been sent!';

/**
 * Honeypot: a field that people never see (visually hidden, skipped by keyboard and screen
 * readers) and naive bots fill in. A filled honeypot gets the ordinary success answer and nothing
 * is stored. Bounded so that it cannot carry a large payload.
 */
const honeypot = z.string().max(500, { error: 'Leave this field empty.' }).optional().default('');

/** What the API accepts: the form's fields plus the honeypot. The browser validates with the form schemas above. */
export const contactRequestSchema = contactMessageSchema.extend({ [HONEYPOT_FIELD]: honeypot });
export const newsletterRequestSchema = newsletterSignupSchema.extend({ [HONEYPOT_FIELD]: honeypot });
export const feedbackRequestSchema = feedbackFieldsSchema.extend({ [HONEYPOT_FIELD]: honeypot });
export const issueReportRequestSchema = issueReportFieldsSchema.extend({ [HONEYPOT_FIELD]: honeypot });

/** The multipart file field of the feedback and issue forms. */
export const SCREENSHOT_FIELD = 'screenshot';

/** Answer of every form route (a message id; the honeypot answers the same shape). */
export const formReceiptSchema = z.object({ id: z.string(), received: z.literal(true) });
export type FormReceipt = z.infer<typeof formReceiptSchema>;

export const newsletterReceiptSchema = z.object({ subscribed: z.literal(true) });

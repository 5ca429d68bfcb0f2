import { z } from 'zod';
import { envSettings } from '../lib/env-settings';

/**
 * Settings of the forms API, read and validated once at cold start (kept beside the forms code so
 * the area's variables and their defaults are in one place; see docs/forms.md).
 */
const count = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

const formsConfigSchema = z.object({
  /** Accepted submissions per client IP and form, per minute and per hour; 0 disables a window. */
  FORMS_RATE_LIMIT_PER_MINUTE: count(5),
  FORMS_RATE_LIMIT_PER_HOUR: count(30),
  /** Operator address for SES notifications; unset = notifications are only logged. */
  NOTIFY_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** SES sender (a verified identity); defaults to NOTIFY_EMAIL. */
  NOTIFY_FROM_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type FormsConfig = z.infer<typeof formsConfigSchema>;

export const FORMS_CONFIG_KEYS: readonly string[] = Object.keys(formsConfigSchema.shape);

const settings = envSettings(formsConfigSchema);

export const formsConfig: () => FormsConfig = settings.read;

/** For tests that change the environment between cases. */
export const resetFormsConfig: () => void = settings.reset;

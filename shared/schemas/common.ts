import * as z from 'zod';
import { MAX_SKIP, MAX_TAKE, MODEL_NAME, PAGE_SIZE } from '../constants';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../text-rule';

/** The JSON error body every API refusal uses: `{ error: { code, message, fields? } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * A non-negative integer query parameter. Query values are strings; `z.coerce.number()` would
 * read '' as 0 and '1e3' as 1000, so only plain digits are accepted.
 */
export function intParam(name: string, opts: { min?: number; max: number; default: number }) {
  const min = opts.min ?? 0;
  return z
    .string()
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number.` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${name} must be at least ${min}.` })
        .max(opts.max, { error: `${name} must be at most ${opts.max}.` }),
    )
    .optional()
    .transform((v) => v ?? opts.default);
}

export const skipParam = intParam('skip', { max: MAX_SKIP, default: 0 });
export const takeParam = intParam('take', { min: 1, max: MAX_TAKE, default: PAGE_SIZE.generator });

/** Only one model exists; the spec's clients always send it, so it is optional but checked. */
export const modelParam = z
  .literal(MODEL_NAME, { error: `model must be ${MODEL_NAME}.` })
  .optional()
  .transform(() => MODEL_NAME);

export const uuidSchema = z.uuid({ error: 'Must be a UUID.' });

/**
 * The refinement of every text the API takes (shared/text-rule.ts): no control, format or
 * unpaired-surrogate character, named in the field error. `multiline` keeps tab and line breaks,
 * `emoji` a zero-width joiner between two emoji.
 */
export function refuseForbiddenCharacters(opts: { multiline?: boolean; emoji?: boolean } = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const code = forbiddenCharacter(value, opts);
    if (code) ctx.addIssue({ code: 'custom', message: forbiddenCharacterMessage(code) });
  };
}

/** A free-text field (names, subjects, messages, alt text): single-line unless `multiline`; emoji welcome. */
export function textField(opts: { multiline?: boolean } = {}) {
  return z.string().superRefine(refuseForbiddenCharacters({ ...opts, emoji: true }));
}

/** A path parameter id (image, ad): letters, digits, - and _; a control character says so (issue 23: `/…/%00`). */
export function idParam(message: string) {
  return z
    .string()
    .superRefine(refuseForbiddenCharacters())
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: message });
}

/** Email rule of the contact table: a valid address, at most 254 characters and 64 before the @. */
const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;
const EMAIL_SHAPE = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/;

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX || !EMAIL_SHAPE.test(value)) return false;
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  return at <= EMAIL_LOCAL_MAX && !domain.includes('..') && !domain.startsWith('.') && !domain.startsWith('-');
}

export function emailSchema(message = 'Please enter a valid email address.') {
  // NUL and bidi overrides pass the shape test; they are refused first, with their own message.
  return z.string().superRefine(refuseForbiddenCharacters()).trim().refine(isValidEmail, { error: message });
}

/** Flattens zod issues into the `fields` map of the API error (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

import { z } from 'zod';
import { envSettings } from '../lib/env-settings';

/**
 * Settings of the safety features (prompt screening, picture reports), read and validated once at
 * cold start, kept beside their code like the forms' (see docs/safety.md).
 */
const safetyConfigSchema = z.object({
  /** Distinct networks whose reports hide a picture from public lists until the operator decides. */
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(2).max(1000).default(3),
  /** The same for the high-severity reasons (REPORT_HIGH_SEVERITY): sooner, never one network alone. */
  REPORT_HIDE_THRESHOLD_SEVERE: z.coerce.number().int().min(2).max(1000).default(2),
  /** The distinct networks must all report within this window; an older count starts again at one. */
  REPORT_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Reports one network (networkOf 'report': IPv4 /24, IPv6 /64) may send a day, over all pictures. */
  REPORT_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000).default(10),
  /** How long a Lambda keeps the operator's blocked-terms list before reading it again. */
  SCREENING_TERMS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
});

export type SafetyConfig = z.infer<typeof safetyConfigSchema>;

const settings = envSettings(safetyConfigSchema);

export const safetyConfig: () => SafetyConfig = settings.read;

/** For tests that change the environment between cases. */
export const resetSafetyConfig: () => void = settings.reset;

import * as z from 'zod';
import { OPERATORS_GROUP } from '../../shared/admin';
import { JOBS_PER_WORKER } from '../../shared/constants';

/**
 * Configuration of every handler, read and validated once at cold start. Locally the runtime sets
 * the endpoint variables; in Lambda they are absent and the SDK uses AWS's own endpoints.
 */
const optionalUrl = z.url().optional();
/**
 * A resource the stack names (CDK) and the local runtime names (local/stack.ts): no default that
 * looks like a real one. Unset, it is '' and reading it throws a ConfigurationError naming it (see
 * `config()`); the API functions check theirs at their first request (`assertSettings`).
 */
const resourceName = z.string().default('');
const count = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);
const optionalEmail = z
  .email()
  .optional()
  .or(z.literal('').transform(() => undefined));
/** The one schema of the API functions' settings (the GPU worker, its own deployable, has worker/options.ts). */
const configSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  IMAGES_TABLE: resourceName,
  JOBS_TABLE: resourceName,
  MESSAGES_TABLE: resourceName,
  ADS_TABLE: resourceName,
  COUNTERS_TABLE: resourceName,
  /** Powertools Idempotency's records (adapters/idempotency-store.ts). */
  IDEMPOTENCY_TABLE: resourceName,
  IMAGES_BUCKET: resourceName,
  ATTACHMENTS_BUCKET: resourceName,
  /** Local stand-in endpoints; unset in AWS. */
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SFN_ENDPOINT: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
  /** The local gateway in front of the stand-ins for the optional AWS checks (tests put a Bedrock or Rekognition stand-in behind it). */
  BEDROCK_ENDPOINT: optionalUrl,
  /** The local gateway in front of the local runtime's CloudWatch alarm stand-in (local/cloudwatch-stand-in.ts). */
  CLOUDWATCH_ENDPOINT: optionalUrl,
  /** The stack's alarm names begin with this (`<stack name>-`, set by the stack): the console lists those. */
  ALARM_NAME_PREFIX: z.string().default(''),
  REKOGNITION_ENDPOINT: optionalUrl,
  /** The local gateway in front of the local runtime's SES (v2) and Auto Scaling stand-ins (local/ses-stand-in.ts, local/autoscaling-stand-in.ts). */
  SES_ENDPOINT: optionalUrl,
  AUTOSCALING_ENDPOINT: optionalUrl,
  /**
   * Where the fixed rate-limit windows begin, in seconds after each multiple of their length (0: on the
   * minute and on the hour, as in AWS, which never sets it). Tests set it so a window begins as their
   * app starts, instead of waiting for the top of the hour (test/support/windows.ts).
   */
  RATE_WINDOW_PHASE_SECONDS: z.coerce.number().int().min(0).default(0),
  /** Fail fast (lambdas/adapters/aws-clients.ts): connect and silence timeouts, tries per call. */
  AWS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).default(1000),
  AWS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  AWS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(2),
  /** Public origin of the site ('' = same origin); urls in records are relative to it. */
  PUBLIC_BASE_URL: z.string().default(''),
  /** The SPA's index.html for the picture page (GET /i/{id}): relative to the function's folder in AWS (copied at synth), absolute locally. */
  SITE_SHELL_FILE: z.string().min(1).default('site-shell.html'),
  /** What draws the pictures: ComfyUI on a GPU, or the local preview renderer (no GPU, no AI). */
  RENDERER: z.enum(['comfyui', 'preview']).default('comfyui'),
  /** Operator sign-in: JWKS url, issuer and audience (Cognito user pool client id in AWS; the local issuer locally). */
  AUTH_JWKS_URL: z.string().default(''),
  AUTH_ISSUER: z.string().default(''),
  AUTH_AUDIENCE: z.string().default(''),
  /** Cognito group whose members are operators (one definition: shared/admin.ts). */
  AUTH_ADMIN_GROUP: z.string().default(OPERATORS_GROUP),
  /** Where the console ends the provider's session ('' = the issuer's end_session_endpoint); Cognito's /logout in AWS. */
  AUTH_LOGOUT_URL: z.string().default(''),
  /**
   * A visitor's own pictures reach their page as presigned urls (adapters/image-bucket.ts presignView):
   * signed as of the start of a window this long and valid for two, so a picture keeps one url for the
   * whole window and the browser's cache works. Longer windows mean fewer re-downloads and a leaked url
   * living longer (at most two windows); SigV4 caps a presigned url at 7 days. In Lambda a url also
   * ends with the role session that signed it (docs/privacy.md).
   */
  PRIVATE_URL_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3 * 24 * 3600)
    .default(6 * 3600),
  /** Lifetime of presigned download URLs, seconds. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Generation (issue 4; see docs/generation.md). */
  GENERATION_STATE_MACHINE_ARN: resourceName,
  JOB_QUEUE_URL: z.string().default(''),
  /** Auto Scaling group of GPU workers; '' = no group to scale (locally the in-process worker is always on). */
  GPU_ASG_NAME: z.string().default(''),
  GEN_QUEUE_CAP: z.coerce.number().int().min(1).default(20),
  GEN_USER_HOURLY: z.coerce.number().int().min(0).default(30),
  GEN_IP_HOURLY: z.coerce.number().int().min(0).default(60),
  GEN_WARM_PER_MINUTE: z.coerce.number().int().min(0).default(6),
  /** Warm-ups per network address per minute, whatever visitor ids it sends. */
  GEN_WARM_IP_PER_MINUTE: z.coerce.number().int().min(0).default(12),
  /** Job slots per GPU worker: a worker claims a job only into a free slot, and EnsureCapacity asks for one worker per this many jobs. */
  GEN_JOBS_PER_WORKER: z.coerce.number().int().min(1).default(JOBS_PER_WORKER),
  GEN_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).default(30),
  GEN_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A worker seen within this many seconds counts as warm. */
  GEN_WORKER_FRESH_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The GPU instance's on-demand price (USD/hour, context gpuHourlyPriceUsd): the overview's estimated GPU cost (services/stats.ts). */
  GPU_HOURLY_PRICE_USD: z.coerce.number().min(0).max(1000).default(0),
  /** The cost backstop sets the GPU group to 0 after this long without a job or a scaling change. */
  GPU_BACKSTOP_IDLE_MINUTES: z.coerce.number().int().min(5).default(60),
  /** ... and after this many failed or abandoned launches within GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES (a launch loop). */
  GPU_BACKSTOP_FAILED_LAUNCHES: z.coerce.number().int().min(1).default(3),
  GPU_BACKSTOP_LAUNCH_WINDOW_MINUTES: z.coerce.number().int().min(10).default(60),
  /** ... and when the group has wanted an instance this long and none reached InService (a job failed, desired stayed). */
  GPU_BACKSTOP_NO_SERVICE_MINUTES: z.coerce.number().int().min(10).default(30),
  /** The value CloudFront puts in the origin-secret header (viewer-ip.ts); '' = no edge (local): no check. */
  ORIGIN_SECRET: z.string().default(''),
  /** The reconciler checks jobs unchanged for this long (a younger one may be between its record and its execution). */
  RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * The prompt guardrail (docs/safety.md), set by the stack from the guardrail it creates (context
   * promptGuardrail, on by default); unset = the word screen only.
   */
  BEDROCK_GUARDRAIL_ID: z.string().default(''),
  BEDROCK_GUARDRAIL_VERSION: z.string().default(''),
  /** Set by the local runtime only: BEDROCK_ENDPOINT leads to its stand-in, which answers by the contract and classifies nothing (/api/health says so). */
  BEDROCK_GUARDRAIL_STAND_IN: z.enum(['0', '1']).default('0'),
  /** The optional AWS image check, set by the stack only from the context key imageModeration: unset locally and by default. */
  IMAGE_MODERATION: z.enum(['off', 'rekognition']).default('off'),
  /** Rekognition moderation labels at or above this confidence (percent) hide an operator image. */
  IMAGE_MODERATION_MIN_CONFIDENCE: z.coerce.number().min(0).max(100).default(60),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  // The forms (docs/forms.md).
  /** Accepted submissions per client IP and form, per minute and per hour; 0 disables a window. */
  FORMS_RATE_LIMIT_PER_MINUTE: count(5),
  FORMS_RATE_LIMIT_PER_HOUR: count(30),
  /** Operator address for SES notifications; unset = notifications are only logged. */
  NOTIFY_EMAIL: optionalEmail,
  /** SES sender (a verified identity); defaults to NOTIFY_EMAIL. */
  NOTIFY_FROM_EMAIL: optionalEmail,
  // The safety features (docs/safety.md).
  /** Distinct reporters whose reports hide a picture from public lists until the operator decides (services/reports.ts reportsHide). */
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
  /** Reports one network (networkOf 'report': IPv4 /24, IPv6 /48) may send a day, over all pictures. */
  REPORT_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000).default(10),
  // The live-progress streams (docs/reliability.md, "Live streams").
  /** Open streams one job may have at once (a visitor's tabs); the next is a 429 and the browser polls. */
  STREAMS_PER_JOB: z.coerce.number().int().min(1).max(100).default(3),
  /** Open streams one network (networkOf 'stream': an IPv4 address, an IPv6 /64) may have at once. */
  STREAMS_PER_NETWORK: z.coerce.number().int().min(1).max(1000).default(6),
  /**
   * A stream ends itself after this long; the browser then follows by polling. Short, so a slot a
   * crashed stream never gave back is free again soon (it expires a minute after this).
   */
  STREAM_MAX_SECONDS: z.coerce.number().int().min(5).max(840).default(300),
  // The ad counts (docs/ads.md).
  /** Impressions one network (an IPv4 address, an IPv6 /64) may add to one ad per hour; more are not counted (0: no cap). */
  AD_IMPRESSIONS_PER_NETWORK_HOUR: count(20),
  /** Clicks one network may add to one ad per hour; more still redirect but are not counted (0: no cap). */
  AD_CLICKS_PER_NETWORK_HOUR: count(3),
  /** How long a Lambda keeps the operator's blocked-terms list before reading it again. */
  SCREENING_TERMS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
});

export type Config = z.infer<typeof configSchema>;

/** Every variable the handlers read (the stack test checks it sets no other). */
export const CONFIG_KEYS: readonly string[] = Object.keys(configSchema.shape);

/** The settings that must name a resource wherever they are read. */
const RESOURCE_KEYS = [
  'IMAGES_TABLE',
  'JOBS_TABLE',
  'MESSAGES_TABLE',
  'ADS_TABLE',
  'COUNTERS_TABLE',
  'IDEMPOTENCY_TABLE',
  'IMAGES_BUCKET',
  'ATTACHMENTS_BUCKET',
  'GENERATION_STATE_MACHINE_ARN',
] as const satisfies readonly (keyof Config)[];

/** A setting the function needs is missing: a deployment fault, answered 500 and logged with the setting's name. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * Reading an unset resource setting throws instead of handing '' to the SDK (whose error would
 * name a missing table or an invalid ARN, not the variable). Each function gets only the settings
 * its code reads (infra/lib/constructs), so a missing one can only be told where it is read. Only
 * the unset ones become throwing getters: every other read stays a plain property read.
 */
function guarded(values: Config): Config {
  for (const key of RESOURCE_KEYS) {
    if (values[key] !== '') continue;
    Object.defineProperty(values, key, {
      enumerable: true,
      get() {
        throw new ConfigurationError(`${key} is not set: the stack sets it on every function that reads it; locally the runtime does`);
      },
    });
  }
  return values;
}

let cached: Config | undefined;

/**
 * The handlers' settings, parsed from the environment on first use and kept (a Lambda reads them
 * once per cold start; a bad value fails that first use); unset resource names throw where read.
 */
export function config(): Config {
  cached ??= guarded(configSchema.parse(process.env));
  return cached;
}

/**
 * The tables and buckets every API function gets from the stack (infra/lib/constructs/api.ts sets
 * them all): an API function reads them at its first request, so a deployment that lost one fails
 * every request of that function at once, with the setting's name in the log, not halfway through one.
 */
export const API_SETTINGS = RESOURCE_KEYS.filter((key) => key !== 'GENERATION_STATE_MACHINE_ARN');

export function assertSettings(keys: readonly (typeof RESOURCE_KEYS)[number][]): void {
  const current = config();
  for (const key of keys) void current[key];
}

/** For tests, and a local runtime that restarts on new endpoints, that change the environment. */
export function resetConfig(): void {
  cached = undefined;
}

import { z } from 'zod';
import { OPERATORS_GROUP } from '../../shared/admin';
import { JOBS_PER_WORKER } from '../../shared/constants';

/**
 * Configuration of every handler, read and validated once at cold start. Locally the runtime sets
 * the endpoint variables; in Lambda they are absent and the SDK uses AWS's own endpoints.
 */
const optionalUrl = z.url().optional();
const configSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  IMAGES_TABLE: z.string().default('artloom-images'),
  JOBS_TABLE: z.string().default('artloom-jobs'),
  MESSAGES_TABLE: z.string().default('artloom-messages'),
  ADS_TABLE: z.string().default('artloom-ads'),
  COUNTERS_TABLE: z.string().default('artloom-counters'),
  IMAGES_BUCKET: z.string().default('artloom-images'),
  ATTACHMENTS_BUCKET: z.string().default('artloom-attachments'),
  /** Local stand-in endpoints; unset in AWS. */
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  SFN_ENDPOINT: optionalUrl,
  SQS_ENDPOINT: optionalUrl,
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
  AUTH_ISSUER: z.string().default('artloom-local'),
  AUTH_AUDIENCE: z.string().default('artloom-admin'),
  /** Cognito group whose members are operators (one definition: shared/admin.ts). */
  AUTH_ADMIN_GROUP: z.string().default(OPERATORS_GROUP),
  /** Where the console ends the provider's session ('' = the issuer's end_session_endpoint); Cognito's /logout in AWS. */
  AUTH_LOGOUT_URL: z.string().default(''),
  /** Lifetime of presigned download URLs, seconds. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Generation (issue 4; see docs/generation.md). */
  GENERATION_STATE_MACHINE_ARN: z.string().default('arn:aws:states:us-east-1:000000000000:stateMachine:artloom-generation'),
  JOB_QUEUE_URL: z.string().default(''),
  /** Auto Scaling group of GPU workers; '' = no group to scale (locally the in-process worker is always on). */
  GPU_ASG_NAME: z.string().default(''),
  GEN_QUEUE_CAP: z.coerce.number().int().min(1).default(20),
  GEN_USER_HOURLY: z.coerce.number().int().min(0).default(30),
  GEN_IP_HOURLY: z.coerce.number().int().min(0).default(60),
  GEN_WARM_PER_MINUTE: z.coerce.number().int().min(0).default(6),
  /** Warm-ups per network address per minute, whatever visitor ids it sends. */
  GEN_WARM_IP_PER_MINUTE: z.coerce.number().int().min(0).default(12),
  /** Job slots per GPU worker: EnsureCapacity dispatches only into a free slot and asks for one worker per this many jobs. */
  GEN_JOBS_PER_WORKER: z.coerce.number().int().min(1).default(JOBS_PER_WORKER),
  /** While every worker slot is taken, EnsureCapacity looks again for this long (every 250 ms) before the flow's 5 s wait. */
  GEN_SLOT_WAIT_MS: z.coerce.number().int().min(0).max(8000).default(4000),
  GEN_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).default(30),
  GEN_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A worker seen within this many seconds counts as warm. */
  GEN_WORKER_FRESH_SECONDS: z.coerce.number().int().min(1).default(60),
  /** The cost backstop sets the GPU group to 0 after this long without a job or a scaling change. */
  GPU_BACKSTOP_IDLE_MINUTES: z.coerce.number().int().min(5).default(60),
  /** The value CloudFront puts in the origin-secret header (viewer-ip.ts); '' = no edge (local): no check. */
  ORIGIN_SECRET: z.string().default(''),
  /** The reconciler checks jobs unchanged for this long (a younger one may be between its record and its execution). */
  RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Optional AWS safety checks (docs/safety.md), set by the stack only from the context keys
   * bedrockGuardrailId/bedrockGuardrailVersion and imageModeration: unset locally and by default.
   */
  BEDROCK_GUARDRAIL_ID: z.string().default(''),
  BEDROCK_GUARDRAIL_VERSION: z.string().default(''),
  IMAGE_MODERATION: z.enum(['off', 'rekognition']).default('off'),
  /** Rekognition moderation labels at or above this confidence (percent) hide an operator image. */
  IMAGE_MODERATION_MIN_CONFIDENCE: z.coerce.number().min(0).max(100).default(60),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});

export type Config = z.infer<typeof configSchema>;

/** Every variable the handlers read (the stack test checks it sets no other). */
export const CONFIG_KEYS: readonly string[] = Object.keys(configSchema.shape);

let cached: Config | undefined;

export function config(): Config {
  cached ??= configSchema.parse(process.env);
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfig(): void {
  cached = undefined;
}

import * as z from 'zod';

/** CDK context (cdk.json or `-c key=value`), validated once. */
export const appContextSchema = z.object({
  stage: z.enum(['dev', 'prod']).default('dev'),
  account: z
    .string()
    .regex(/^\d{12}$/)
    .optional(),
  /** CloudFront-scope WAF must live in us-east-1, so the stack defaults there (another region needs allowNoWaf). */
  region: z.string().default('us-east-1'),
  /**
   * Deploy outside us-east-1 without the WAF (a CLOUDFRONT-scope web ACL can only be created in
   * us-east-1, so the stack elsewhere has none): synth refuses such a region unless this is true.
   */
  allowNoWaf: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  /** Cognito managed-login domain prefix (<prefix>.auth.<region>.amazoncognito.com); default artloom-<stage>-<account>. */
  authDomainPrefix: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
    .optional(),
  /**
   * The site's own domains besides CloudFront's (host names, comma-separated: `-c siteDomains=art.example.com,www.art.example.com`):
   * the console's sign-in and sign-out come back to any of them, so Cognito lists each as a callback.
   * Pointing the domain at the distribution (alias and ACM certificate) is README's Deploy step.
   */
  siteDomains: z
    .union([
      z.array(z.string()),
      z.string().transform((v) =>
        v
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
            'siteDomains: host names only, like art.example.com',
          ),
      ),
    )
    .default([]),
  /** Operator address for form notifications (SES); unset = no email. */
  notifyEmail: z.email().optional(),
  notifyFrom: z.email().optional(),
  /** Requests/s of the API stage's default throttle (burst 2x): every route without a throttle of its own. */
  apiRateLimit: z.coerce.number().int().positive().default(50),
  /** Per-route throttles (RouteDef.throttle, burst 2x each; docs/scale.md): each gallery read, status polls, generate. */
  readRateLimit: z.coerce.number().int().positive().default(200),
  pollRateLimit: z.coerce.number().int().positive().default(200),
  generateRateLimit: z.coerce.number().int().positive().default(20),
  wafRateLimit: z.coerce.number().int().min(100).default(1000),
  /**
   * Reserved concurrency for the live-progress stream function (`-c streamReservedConcurrency=50`).
   * 0 (the default) reserves none: a new account's Lambda concurrency quota is often 10, and AWS
   * refuses a reservation that leaves under 10 unreserved, so CreateFunction failed ≈ 45 minutes into a
   * first deploy (issue 31). The stream's own slot counter (STREAM_SLOTS) caps open streams either way;
   * set this once the account's quota is raised (README, Prerequisites).
   */
  streamReservedConcurrency: z.coerce.number().int().min(0).default(0),
  /**
   * GPU instance type. g6.2xlarge: NVIDIA L4 24 GB (the 17.2 GB checkpoint fits in VRAM), 32 GiB RAM
   * (it fits in the page cache), a 450 GB NVMe instance store and up to 10 Gbit/s to S3; the
   * cheapest type with all four (docs/deploy.md, Choosing the instance type).
   */
  gpuInstanceType: z.string().default('g6.2xlarge'),
  /**
   * The GPU instance's price in USD per hour, for the console's estimated GPU cost (docs/admin.md).
   * Unset: the on-demand us-east-1 price of gpuInstanceType from GPU_HOURLY_PRICES_USD (0, with a
   * synth warning, for a type not listed there). Set it for another region, a Savings Plan or Spot.
   */
  gpuHourlyPriceUsd: z.coerce.number().min(0).max(1000).optional(),
  /** Upper bound of GPU instances running at once (bill guard). */
  gpuMaxInstances: z.coerce.number().int().min(1).max(20).default(2),
  /** Stopped GPU instances kept ready (their volumes, and a replacement launch per use); a start from the pool is the faster cold path (docs/deploy.md). 0 = every start launches. */
  gpuWarmPoolSize: z.coerce.number().int().min(0).max(20).default(1),
  /** A worker scales its instance in after this many seconds without a job. */
  gpuIdleShutdownSeconds: z.coerce.number().int().min(60).default(600),
  /** ComfyUI commit baked into the GPU image (the fixtures were recorded with this one, v0.3.64). */
  comfyuiCommit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .default('a125cd84b054a57729b5eecab930ca9408719832'),
  /** An AMI id for the GPU instances instead of the stack's Image Builder pipeline's newest image. */
  amiId: z
    .string()
    .regex(/^ami-[0-9a-f]{8,17}$/)
    .optional(),
  /** AZ of the GPU image build's subnet, one where gpuInstanceType is offered (default: the GPU VPC's first). */
  gpuBuildAz: z.string().optional(),
  /**
   * The model hub revision (commit of huggingface.co/Comfy-Org/flux1-schnell) the checkpoint was staged
   * from, and its SHA-256 (scripts/stage-model.sh). Unset: the stack deploys, and GPU instances refuse
   * to serve (boot.sh abandons them) until both are set and the model is staged.
   */
  modelRevision: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  modelSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Who gets the alarms, the budget and the Auto Scaling failures (SNS email; confirm the subscription mail). Required for stage=prod. */
  alarmEmail: z.email().optional(),
  /** Monthly AWS Budget (USD): mail at 80 % actual and 100 % forecast. One g6.xlarge all month is about 590. */
  monthlyBudgetUsd: z.coerce.number().positive().default(800),
  /**
   * Cost Anomaly Detection monitor (SERVICE dimension). Off by default: AWS allows one such monitor per
   * account, and an account that already has one (AWS creates a default for many) fails the deploy.
   */
  costAnomalyMonitor: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  /** Alarm when GPU instances have been in service this long without a break (minutes). */
  gpuMaxInServiceMinutes: z.coerce.number().int().min(10).max(1440).default(180),
  /** The cost backstop returns the GPU group to 0 after this long without a job or a scaling change (minutes). */
  gpuBackstopIdleMinutes: z.coerce.number().int().min(5).default(60),
  /** The cost backstop returns the GPU group to 0 after this many failed launches (boot.sh abandoned them) within gpuBackstopLaunchWindowMinutes. */
  gpuBackstopFailedLaunches: z.coerce.number().int().min(1).default(3),
  gpuBackstopLaunchWindowMinutes: z.coerce.number().int().min(10).max(1440).default(60),
  /** The cost backstop returns the GPU group to 0 when it has tried this long to bring an instance into service and none is (minutes). */
  gpuBackstopNoServiceMinutes: z.coerce.number().int().min(10).max(1440).default(30),
  /** Alarm when the WAF blocks more than this many requests in 5 minutes. */
  wafBlockedAlarm: z.coerce.number().int().min(1).default(500),
  /**
   * The meaning layer of prompt screening: an Amazon Bedrock guardrail the stack creates and the
   * generate functions apply to every prompt after the word screen (docs/safety.md). 'off' deploys
   * without it (word screen only) and synth warns.
   */
  promptGuardrail: z.enum(['on', 'off']).default('on'),
  /**
   * The guardrail's tier: 'auto' takes the multilingual Standard tier where a cross-Region guardrail
   * profile serves the stack's region (infra/lib/constructs/prompt-guardrail.ts lists them) and
   * Classic elsewhere; 'standard' refuses to synth where none does; 'classic' never crosses regions.
   */
  guardrailTier: z.enum(['auto', 'standard', 'classic']).default('auto'),
  /** 'rekognition': Amazon Rekognition DetectModerationLabels on operator images before they are listed; 'off' by default. */
  imageModeration: z.enum(['off', 'rekognition']).default('off'),
  /** Moderation labels at or above this confidence (percent) store the operator image hidden. */
  imageModerationMinConfidence: z.coerce.number().min(0).max(100).default(60),
});
export type AppContext = z.infer<typeof appContextSchema>;

/** On-demand us-east-1 prices (USD/hour) of the GPU types docs/deploy.md compares, as known in 2026 (check current pricing). */
export const GPU_HOURLY_PRICES_USD: Readonly<Record<string, number>> = {
  'g6.xlarge': 0.8048,
  'g6.2xlarge': 0.9776,
  'g5.2xlarge': 1.212,
  'g6e.xlarge': 1.861,
};

/** The price the overview's GPU cost estimate uses: the context's, else the instance type's listed one, else undefined. */
export const gpuHourlyPrice = (ctx: Pick<AppContext, 'gpuHourlyPriceUsd' | 'gpuInstanceType'>): number | undefined =>
  ctx.gpuHourlyPriceUsd ?? GPU_HOURLY_PRICES_USD[ctx.gpuInstanceType];

export function readContext(get: (key: string) => unknown): AppContext {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(appContextSchema.shape)) {
    const value = get(key);
    if (value !== undefined) raw[key] = value;
  }
  const ctx = appContextSchema.parse(raw);
  if (ctx.stage === 'prod' && !ctx.alarmEmail) {
    throw new Error(
      'alarmEmail is required for stage=prod: pass -c alarmEmail=you@example.com (alarms, the budget and GPU launch failures are mailed there).',
    );
  }
  if (ctx.region !== 'us-east-1' && !ctx.allowNoWaf) throw new Error(noWafMessage(ctx.region));
  return ctx;
}

/** Why synth refuses a region other than us-east-1 (also checked by the stack, whatever built its context). */
export const noWafMessage = (region: string) =>
  `region=${region}: the WAF cannot attach there (a CloudFront web ACL is created in us-east-1 only), so the site would run without it. Deploy to us-east-1, or pass -c allowNoWaf=true to deploy without the WAF.`;

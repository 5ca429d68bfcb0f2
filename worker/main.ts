import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { logger } from '../lambdas/lib/logger';
import { JOBS_PER_WORKER } from '../shared/constants';
import { markUnhealthy, scaleIn } from './instance';
import { defaultPictureCheck } from './picture-check';
import { GpuWorker } from './worker';

/**
 * The GPU instance's entry point (systemd unit `artloom-worker`, bundled by infra/lib/constructs/gpu-fleet.ts):
 * reads its environment, waits until ComfyUI answers, runs the GpuWorker and, after a stretch without
 * jobs, scales its own instance in. It announces itself only after a warm-up image, and marks its
 * instance unhealthy when ComfyUI keeps failing (GpuWorker). SIGTERM (instance stop, scale-in, `systemctl stop`) stops it
 * gracefully: no new job is taken, a running one is left to its task heartbeat.
 */
const envSchema = z.object({
  COMFYUI_URL: z.url().default('http://127.0.0.1:8188'),
  JOB_QUEUE_URL: z.url(),
  JOBS_TABLE: z.string().min(1),
  IMAGES_BUCKET: z.string().min(1),
  AWS_REGION: z.string().min(1),
  /** Scale in after this many seconds without a job; 0 = never. */
  GPU_IDLE_SHUTDOWN_SECONDS: z.coerce.number().int().min(0).default(600),
  /** No image from ComfyUI within this → failed job. */
  COMFYUI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How long to wait for ComfyUI to come up before giving up (systemd restarts us). */
  COMFYUI_WAIT_SECONDS: z.coerce.number().int().min(1).default(900),
  /** One small generation (the model load) before the first beacon. */
  WORKER_WARMUP: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Job slots of this worker (one running, the rest held with fresh heartbeats); the same value as EnsureCapacity's. */
  GEN_JOBS_PER_WORKER: z.coerce.number().int().min(1).default(JOBS_PER_WORKER),
  /** 'rekognition': Amazon Rekognition's moderation labels beside nsfwjs on every picture (context imageModeration). */
  IMAGE_MODERATION: z.enum(['off', 'rekognition']).default('off'),
  /** Rekognition labels at or above this confidence (percent) flag a picture. */
  IMAGE_MODERATION_MIN_CONFIDENCE: z.coerce.number().min(0).max(100).default(60),
  /** Failed ComfyUI probes in a row before the instance marks itself unhealthy. */
  WORKER_UNHEALTHY_AFTER: z.coerce.number().int().min(1).default(3),
  /** Overrides for running off EC2 (otherwise read from the instance metadata service). */
  INSTANCE_ID: z.string().optional(),
  GPU_ASG_NAME: z.string().optional(),
  IMDS_URL: z.url().default('http://169.254.169.254'),
});
export type WorkerEnv = z.infer<typeof envSchema>;

export function readEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`worker environment is invalid: ${fields}`);
  }
  return parsed.data;
}

/** IMDSv2 (a session token first): the instance's id, group and Auto Scaling target state. */
export class InstanceMetadata {
  private token?: string;
  constructor(private readonly baseUrl: string) {}

  async get(path: string): Promise<string | undefined> {
    try {
      this.token ??= await this.fetchText(`${this.baseUrl}/latest/api/token`, {
        method: 'PUT',
        headers: { 'X-aws-ec2-metadata-token-ttl-seconds': '21600' },
      });
      if (!this.token) return undefined;
      return await this.fetchText(`${this.baseUrl}/latest/meta-data/${path}`, { headers: { 'X-aws-ec2-metadata-token': this.token } });
    } catch {
      return undefined;
    }
  }

  private async fetchText(url: string, init: RequestInit): Promise<string | undefined> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
    if (!res.ok) return undefined;
    return (await res.text()).trim();
  }
}

/** Polls ComfyUI's /system_stats until it answers 200 (the service may still be loading). */
export async function waitForComfy(baseUrl: string, timeoutMs: number, intervalMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl.replace(/\/$/, '')}/system_stats`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`ComfyUI did not answer /system_stats within ${Math.round(timeoutMs / 1000)} s (${last})`);
}

export async function main(env: WorkerEnv = readEnv()): Promise<void> {
  const imds = new InstanceMetadata(env.IMDS_URL);
  // Warm pool preparation boots the instance once before stopping it: nothing to serve then.
  const target = await imds.get('autoscaling/target-lifecycle-state');
  if (target?.startsWith('Warmed:')) {
    logger.info('instance is being prepared for the warm pool; worker not started', { target });
    return;
  }
  const instanceId = env.INSTANCE_ID ?? (await imds.get('instance-id'));
  const group = env.GPU_ASG_NAME ?? (await imds.get('tags/instance/aws:autoscaling:groupName'));

  await waitForComfy(env.COMFYUI_URL, env.COMFYUI_WAIT_SECONDS * 1000);
  const idleShutdownMs = group && instanceId ? env.GPU_IDLE_SHUTDOWN_SECONDS * 1000 : 0;
  if (!idleShutdownMs) logger.warn('idle scale-in disabled', { group, instanceId, seconds: env.GPU_IDLE_SHUTDOWN_SECONDS });

  let stopping: Promise<void> | undefined;
  const worker: GpuWorker = new GpuWorker({
    comfyUrl: env.COMFYUI_URL,
    workerId: instanceId,
    comfyTimeoutMs: env.COMFYUI_TIMEOUT_SECONDS * 1000,
    idleShutdownMs,
    warmUp: env.WORKER_WARMUP,
    unhealthyAfter: env.WORKER_UNHEALTHY_AFTER,
    jobSlots: env.GEN_JOBS_PER_WORKER,
    imageCheck: defaultPictureCheck(env.IMAGE_MODERATION === 'rekognition' ? env.IMAGE_MODERATION_MIN_CONFIDENCE : undefined),
    onUnhealthy: async () => {
      if (!instanceId || stopping) return;
      await markUnhealthy(instanceId).catch((err: Error) => logger.error('could not mark the instance unhealthy', { error: err }));
      stopping = worker.stop();
    },
    onIdle: async () => {
      if (!group || !instanceId || stopping) return;
      const how = await scaleIn(group, instanceId);
      logger.info('idle: scaling this instance in', { group, instanceId, how });
      // Take no new job while the group shuts the instance down (not awaited: we are inside the loop).
      stopping = worker.stop();
    },
  });
  const shutdown = (signal: string) => {
    logger.info('stopping the worker', { signal });
    stopping ??= worker.stop();
    void stopping.then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  worker.start();
  logger.info('worker started', { workerId: worker.workerId, comfyUrl: env.COMFYUI_URL, idleShutdownMs });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    logger.error('worker failed to start', { error: err as Error });
    process.exit(1);
  });
}

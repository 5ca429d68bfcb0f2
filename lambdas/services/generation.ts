import { randomUUID } from 'node:crypto';
import { ratioSize } from '../../shared/ratios';
import { type GenerateRequest, type JobStatusResponse, TERMINAL_STATUSES } from '../../shared/schemas/generation';
import { liveWorkerCount, requestWorker } from '../adapters/gpu-fleet';
import { getImage } from '../adapters/images-table';
import {
  activeJobs,
  createJob,
  getInFlightJobId,
  getJob,
  getRequestJobId,
  JobConflictError,
  type JobItem,
  recentDurations,
  releaseLock,
  updateJob,
} from '../adapters/jobs-table';
import { startExecution, stopExecution } from '../adapters/state-machine';
import { config } from '../lib/config';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../lib/errors';
import { estimateEta, FIRST_GUESS, median } from './eta';
import { toGalleryImage } from './image-store';
import { screenPrompt } from './prompt-screening';
import { consume } from './rate-limit';

const HOUR = 3600;
const IN_FLIGHT_MESSAGE = 'You already have an image being generated. Wait for it to finish or cancel it.';

/**
 * POST /api/generate: the limits, then one job + one execution per requestId. The operator's
 * generator (POST /api/admin/generate) runs the same flow with `curation`, which only the verified
 * operator check can pass: the image is then stored with user admin in that category.
 */
export async function startGeneration(req: GenerateRequest, sourceIp: string, curation?: { category: string }): Promise<{ jobId: string }> {
  await screenPrompt(req.prompt); // before anything is read or written: a refused prompt costs nothing
  const cfg = config();
  // Independent reads, together: they are the whole wait before the job exists.
  const [same, holder, active] = await Promise.all([
    getRequestJobId(req.userId, req.requestId),
    getInFlightJobId(req.userId),
    activeJobs(cfg.GEN_QUEUE_CAP),
  ]);
  if (same) return { jobId: same };

  let stale: string | undefined;
  if (holder) {
    const held = await getJob(holder);
    if (held && !TERMINAL_STATUSES.includes(held.status)) throw new ConflictError(IN_FLIGHT_MESSAGE, 'job_in_flight');
    stale = holder;
  }
  if (active.length >= cfg.GEN_QUEUE_CAP) {
    const gen = median(await recentDurations('generation')) ?? FIRST_GUESS.generationMs;
    throw new ServiceUnavailableError(
      'Our image generator is busy right now. Please try again in a moment.',
      Math.max(5, Math.ceil((active.length * gen) / 1000)),
    );
  }

  // The hourly caps count jobs that could start: a 409 or a 503 costs the visitor nothing.
  await consume(
    { scope: 'gen-user', limit: cfg.GEN_USER_HOURLY, windowSeconds: HOUR },
    req.userId,
    'You have generated many images this hour. Please try again later.',
  );
  await consume(
    { scope: 'gen-ip', limit: cfg.GEN_IP_HOURLY, windowSeconds: HOUR },
    sourceIp,
    'Too many images from your network this hour. Please try again later.',
  );

  const now = new Date().toISOString();
  const { width, height } = ratioSize(req.aspectRatio);
  const job: JobItem = {
    jobId: randomUUID(),
    userId: req.userId,
    requestId: req.requestId,
    prompt: req.prompt,
    aspectRatio: req.aspectRatio,
    width,
    height,
    ...(curation ? { category: curation.category } : {}),
    status: 'queued',
    percent: 0,
    message: 'Queued…',
    createdAt: now,
    updatedAt: now,
  };
  try {
    await createJob(job, stale);
  } catch (err) {
    if (err instanceof JobConflictError && err.reason === 'duplicate_request' && err.jobId) return { jobId: err.jobId };
    if (err instanceof JobConflictError) throw new ConflictError(IN_FLIGHT_MESSAGE, 'job_in_flight');
    throw err;
  }
  try {
    await startExecution(job.jobId, {
      job: {
        jobId: job.jobId,
        userId: job.userId,
        prompt: job.prompt,
        aspectRatio: job.aspectRatio,
        width,
        height,
        ...(curation ? { category: curation.category } : {}),
      },
      limits: { heartbeatSeconds: cfg.GEN_HEARTBEAT_SECONDS, taskTimeoutSeconds: cfg.GEN_TASK_TIMEOUT_SECONDS },
    });
  } catch (err) {
    await updateJob(job.jobId, {
      status: 'failed',
      message: 'The generator could not take the job. Please try again.',
      error: (err as Error).message,
    });
    await releaseLock(job.userId, job.jobId);
    throw new ServiceUnavailableError('The image generator is unavailable right now. Please try again shortly.', 10);
  }
  return { jobId: job.jobId };
}

/** GET /api/generate/{jobId}. */
export async function jobStatus(jobId: string): Promise<JobStatusResponse> {
  const job = await getJob(jobId);
  if (!job) throw new NotFoundError('No such generation job.', 'job_not_found');
  const base: JobStatusResponse = { jobId, status: job.status, percent: job.percent, message: job.message };
  if (job.status === 'done' && job.imageId) {
    const image = await getImage(job.imageId, true);
    return image ? { ...base, image: toGalleryImage(image) } : base;
  }
  if (TERMINAL_STATUSES.includes(job.status)) return base;

  let queuePosition: number | undefined;
  if (job.status === 'queued' || job.status === 'starting') {
    const active = await activeJobs(config().GEN_QUEUE_CAP * 2);
    const index = active.findIndex((a) => a.jobId === jobId);
    queuePosition = index >= 0 ? index : 0;
  }
  const [coldStartMs, generationMs, live] = await Promise.all([
    recentDurations('coldStart'),
    recentDurations('generation'),
    liveWorkerCount(),
  ]);
  const now = Date.now();
  const etaSeconds = estimateEta({
    status: job.status,
    percent: job.percent,
    queuePosition,
    warm: live > 0,
    sinceCapacityRequestMs: job.capacityRequestedAt ? now - Date.parse(job.capacityRequestedAt) : undefined,
    sincePickedMs: job.pickedAt ? now - Date.parse(job.pickedAt) : undefined,
    history: { coldStartMs, generationMs },
  });
  const message = job.status === 'queued' && queuePosition ? `Queued… ${queuePosition} ahead of you` : job.message;
  return {
    ...base,
    message,
    ...(queuePosition !== undefined ? { queuePosition } : {}),
    ...(etaSeconds !== undefined ? { etaSeconds } : {}),
  };
}

/** DELETE /api/generate/{jobId}?userId=: only the visitor's own job; an ended job is answered as is. */
export async function cancelGeneration(jobId: string, userId: string): Promise<{ status: number; body: JobStatusResponse }> {
  const job = await getJob(jobId);
  if (!job || job.userId !== userId) throw new NotFoundError('No such generation job.', 'job_not_found');
  if (TERMINAL_STATUSES.includes(job.status)) return { status: 200, body: await jobStatus(jobId) };
  const cancelled = await updateJob(jobId, { status: 'cancelled', message: 'Cancelled.', finishedAt: new Date().toISOString() });
  if (cancelled) {
    await releaseLock(userId, jobId);
    // A running ComfyUI job is interrupted by its worker, which watches the record between heartbeats.
    await stopExecution(jobId, 'Cancelled by the visitor.');
  }
  return { status: cancelled ? 202 : 200, body: await jobStatus(jobId) };
}

/** POST /api/generate/warm: free when a worker is warm, otherwise asks the fleet for one. */
export async function warmUp(userId: string, sourceIp: string): Promise<{ state: 'warm' | 'starting' }> {
  await consume(
    { scope: 'gen-warm', limit: config().GEN_WARM_PER_MINUTE, windowSeconds: 60 },
    `${userId}#${sourceIp}`,
    'Too many warm-up requests. Please slow down.',
  );
  if ((await liveWorkerCount()) > 0) return { state: 'warm' };
  await requestWorker();
  return { state: 'starting' };
}

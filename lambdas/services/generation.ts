import { randomUUID } from 'node:crypto';
import { ratioSize } from '../../shared/ratios';
import { type GenerateRequest, type JobStatusResponse, TERMINAL_STATUSES } from '../../shared/schemas/generation';
import { countOf } from '../../shared/variants';
import { readCount, type WindowCount } from '../adapters/counters-table';
import { recentDurations } from '../adapters/fleet-records';
import { liveWorkerCount, requestWorker } from '../adapters/gpu-fleet';
import { getImage } from '../adapters/images-table';
import { createJob, JobConflictError } from '../adapters/job-admission';
import { activeJobs } from '../adapters/job-lists';
import { getInFlightJobId, getJob, getRequestJobId, type JobItem, releaseLock, updateJob } from '../adapters/jobs-table';
import { startExecution, stopExecution } from '../adapters/state-machine';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { ConflictError, NotFoundError, RateLimitError, ServiceUnavailableError } from '../lib/errors';
import { networkOf } from '../lib/network';
import { estimateEta, FIRST_GUESS, median } from './eta';
import { stagedImages } from './job-pictures';
import { HIDDEN_MESSAGE, readerView } from './private-images';
import { screenPrompt } from './prompt-screening';
import { refundCancelledJob, refundJob } from './quota';
import { consume, secondsLeft, tryConsume, windowCount } from './rate-limit';

const HOUR = 3600;
const IN_FLIGHT_MESSAGE = 'You already have an image being generated. Wait for it to finish or cancel it.';

/**
 * POST /api/generate: one job + one execution per requestId. The queue cap, the visitor's lock and
 * the hourly caps are decided in the job's creating transaction (createJob), so a burst of any
 * size admits at most the cap and a refused request costs the visitor nothing. The operator's
 * generator (POST /api/admin/generate) runs the same flow with `curation`, which only the verified
 * operator check can pass: the image is then stored with user admin in that category.
 */
export async function startGeneration(req: GenerateRequest, sourceIp: string, curation?: { category: string }): Promise<{ jobId: string }> {
  await screenPrompt(req.prompt); // before anything is read or written: a refused prompt costs nothing
  const cfg = config();
  // Independent reads, together: they are the whole wait before the job exists.
  const [same, holder] = await Promise.all([getRequestJobId(req.userId, req.requestId), getInFlightJobId(req.userId)]);
  if (same) return resume(same);

  let stale: string | undefined;
  if (holder) {
    const held = await getJob(holder);
    if (held && !TERMINAL_STATUSES.includes(held.status)) throw new ConflictError(IN_FLIGHT_MESSAGE, 'job_in_flight');
    stale = holder;
  }

  const now = clock.date();
  const { width, height } = ratioSize(req.aspectRatio);
  const count = req.count ?? 1;
  const asked: JobItem = {
    jobId: randomUUID(),
    userId: req.userId,
    requestId: req.requestId,
    prompt: req.prompt,
    aspectRatio: req.aspectRatio,
    width,
    height,
    ...(curation ? { category: curation.category } : {}),
    ...('seed' in req && req.seed !== undefined ? { seed: req.seed } : {}),
    count,
    status: 'queued',
    percent: 0,
    message: 'Queued…',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    sourceIp: sourceIp.slice(0, 64),
  };
  // The operator's generator is never charged to an hourly cap: not the operator's, not their office network's (which
  // its visitors share; issue 32). Only the verified operator check passes `curation`.
  const limits = curation ? [] : hourlyLimits(req.userId, sourceIp, now.getTime());
  // More pictures than a cap allows in a whole window can never fit: refused before anything is written.
  const tooMany = limits.find((l) => count > l.count.limit);
  if (tooMany) throw await overLimit(tooMany, count, now.getTime());
  let job: JobItem;
  try {
    // The job as created: its id may be a fresh one in a queue shard with room (adapters/queue-shards.ts).
    job = await createJob(asked, stale, { queueCap: cfg.GEN_QUEUE_CAP, counts: limits.map((l) => l.count) });
  } catch (err) {
    if (!(err instanceof JobConflictError)) throw err;
    if (err.reason === 'duplicate_request' && err.jobId) return { jobId: err.jobId };
    if (err.reason === 'queue_full') throw await busy();
    const limit = err.reason === 'limit_reached' ? limits[err.limitIndex ?? -1] : undefined;
    if (limit) throw await overLimit(limit, count, now.getTime());
    throw new ConflictError(IN_FLIGHT_MESSAGE, 'job_in_flight');
  }
  try {
    await startExecution(job.jobId, flowInput(job));
  } catch (err) {
    await updateJob(job.jobId, {
      status: 'failed',
      message: 'The generator could not take the job. Please try again.',
      error: (err as Error).message,
    });
    await releaseLock(job.userId, job.jobId);
    await refundJob(job);
    throw new ServiceUnavailableError('The image generator is unavailable right now. Please try again shortly.', 10);
  }
  return { jobId: job.jobId };
}

interface HourlyLimit {
  count: WindowCount;
  /** The refusal when nothing is left. */
  message: string;
  /** Who the cap is of, in the refusal of a job bigger than what is left ("You", "Your network"). */
  who: string;
}

/** The hourly caps a job counts against (disabled ones left out), each with the visitor's message. */
function hourlyLimits(userId: string, sourceIp: string, now: number): HourlyLimit[] {
  const rules = [
    { rule: userHourly(), subject: userId, who: 'You', message: 'You have generated many images this hour. Please try again later.' },
    {
      rule: ipHourly(),
      subject: networkOf(sourceIp, 'generate'),
      who: 'Your network',
      message: 'Too many images from your network this hour. Please try again later.',
    },
  ].filter((r) => r.rule.limit > 0);
  return rules.map((r) => ({ count: windowCount(r.rule, r.subject, now), message: r.message, who: r.who }));
}

/**
 * The 429 of a job that does not fit a cap (refused whole, nothing charged): with some pictures left,
 * it says how many, so the visitor can ask for fewer; with none, the cap's own message.
 */
async function overLimit(limit: HourlyLimit, count: number, now: number): Promise<RateLimitError> {
  const used = await readCount(limit.count.key, limit.count.windowStart);
  const left = Math.max(0, Math.min(limit.count.limit, limit.count.limit - used));
  const message =
    left > 0 && count > left
      ? `${limit.who} can make ${left} more ${left === 1 ? 'picture' : 'pictures'} this hour; ask for ${left} or fewer.`
      : limit.message;
  return new RateLimitError(message, secondsLeft(limit.count, now));
}

const userHourly = () => ({ scope: 'gen-user', limit: config().GEN_USER_HOURLY, windowSeconds: HOUR });
const ipHourly = () => ({ scope: 'gen-ip', limit: config().GEN_IP_HOURLY, windowSeconds: HOUR });

async function busy(): Promise<ServiceUnavailableError> {
  const cfg = config();
  const [active, durations] = await Promise.all([activeJobs(cfg.GEN_QUEUE_CAP), recentDurations('generation')]);
  const gen = median(durations) ?? FIRST_GUESS.generationMs;
  return new ServiceUnavailableError(
    'Our image generator is busy right now. Please try again in a moment.',
    Math.max(5, Math.ceil((Math.max(active.length, 1) * gen) / 1000)),
  );
}

function flowInput(job: JobItem) {
  const cfg = config();
  return {
    job: {
      jobId: job.jobId,
      userId: job.userId,
      prompt: job.prompt,
      aspectRatio: job.aspectRatio,
      width: job.width,
      height: job.height,
      ...(job.category ? { category: job.category } : {}),
      ...(job.seed !== undefined ? { seed: job.seed } : {}),
      ...(countOf(job) > 1 ? { count: countOf(job) } : {}),
    },
    limits: { heartbeatSeconds: cfg.GEN_HEARTBEAT_SECONDS, taskTimeoutSeconds: cfg.GEN_TASK_TIMEOUT_SECONDS },
  };
}

/**
 * A retry of a request that already made its job. If the first attempt was cut off between the
 * job and its execution (a timeout told the visitor it failed), the execution is started now:
 * same name, same input, so a running one is left as it is.
 */
async function resume(jobId: string): Promise<{ jobId: string }> {
  const job = await getJob(jobId);
  if (job?.status === 'queued') await startExecution(jobId, flowInput(job));
  return { jobId };
}

/**
 * GET /api/generate/{jobId}[?userId=] (and each event of its stream). The finished picture comes as
 * its reader may have it (services/private-images.ts readerView): its author (the studio sends its
 * visitor id) gets presigned urls of the private objects; anyone else who knows the id (a picture's
 * id is public in every share link) gets the public view while it is shared, nothing otherwise; a
 * hidden picture comes with no url at all.
 */
export async function jobStatus(jobId: string, readerId?: string): Promise<JobStatusResponse> {
  const job = await getJob(jobId);
  if (!job) throw new NotFoundError('No such generation job.', 'job_not_found');
  const count = countOf(job);
  const base: JobStatusResponse = { jobId, status: job.status, percent: job.percent, message: job.message, count, images: [] };
  if (job.status === 'done' && job.imageId) {
    const views = await Promise.all(
      (job.imageIds ?? [job.imageId]).map(async (id) => {
        const image = await getImage(id, true);
        return image ? readerView(image, readerId) : ({} as Awaited<ReturnType<typeof readerView>>);
      }),
    );
    const images = views.flatMap((v) => (v.image ? [v.image] : []));
    const [first] = images;
    if (first) return { ...base, image: first, images };
    // Nothing this reader may have: its author is told when that is moderation's doing.
    return views.some((v) => v.hidden) ? { ...base, message: HIDDEN_MESSAGE, hidden: true } : base;
  }
  if (TERMINAL_STATUSES.includes(job.status)) return base;

  let queuePosition: number | undefined;
  if (job.status === 'queued' || job.status === 'starting') {
    const active = await activeJobs(config().GEN_QUEUE_CAP * 2);
    const index = active.findIndex((a) => a.jobId === jobId);
    queuePosition = index >= 0 ? index : 0;
  }
  const [coldStartMs, generationMs, live, images] = await Promise.all([
    recentDurations('coldStart'),
    recentDurations('generation'),
    liveWorkerCount(),
    stagedImages(job, readerId),
  ]);
  const now = clock.now();
  const etaSeconds = estimateEta({
    status: job.status,
    percent: job.percent,
    count,
    queuePosition,
    warm: live > 0,
    sinceCapacityRequestMs: job.capacityRequestedAt ? now - Date.parse(job.capacityRequestedAt) : undefined,
    sincePickedMs: job.pickedAt ? now - Date.parse(job.pickedAt) : undefined,
    history: { coldStartMs, generationMs },
  });
  const message = job.status === 'queued' && queuePosition ? `Queued… ${queuePosition} ahead of you` : job.message;
  const [first] = images;
  return {
    ...base,
    message,
    images,
    ...(first ? { image: first } : {}),
    ...(queuePosition !== undefined ? { queuePosition } : {}),
    ...(etaSeconds !== undefined ? { etaSeconds } : {}),
  };
}

/** DELETE /api/generate/{jobId}?userId=: only the visitor's own job; an ended job is answered as is. */
export async function cancelGeneration(jobId: string, userId: string): Promise<{ status: number; body: JobStatusResponse }> {
  const job = await getJob(jobId);
  if (!job || job.userId !== userId) throw new NotFoundError('No such generation job.', 'job_not_found');
  if (TERMINAL_STATUSES.includes(job.status)) return { status: 200, body: await jobStatus(jobId, userId) };
  const cancelled = await updateJob(jobId, { status: 'cancelled', message: 'Cancelled.', finishedAt: clock.date().toISOString() });
  if (cancelled) {
    // The worker records a finished picture only on a job still open, so the record read after the
    // cancel holds exactly the pictures made before it: those are charged, the rest given back.
    const ended = await getJob(jobId);
    await Promise.all([releaseLock(userId, jobId), refundCancelledJob(job, ended?.pictures?.length ?? 0)]);
    // A running ComfyUI job is interrupted by its worker, which watches the record between heartbeats.
    await stopExecution(jobId, 'Cancelled by the visitor.');
    // A PNG the worker already handed over is swept by the reconciler (this route has no bucket grant).
  }
  return { status: cancelled ? 202 : 200, body: await jobStatus(jobId, userId) };
}

/**
 * POST /api/generate/warm: free when a worker is warm, otherwise asks the fleet for one. Limited
 * per visitor and address and per address alone (fresh visitor ids from one network share the
 * second); a warm-up asks for one instance at most, and only the first warm-up of a cold-start
 * window asks at all: the others are told it is starting.
 */
export async function warmUp(userId: string, sourceIp: string): Promise<{ state: 'warm' | 'starting' }> {
  const cfg = config();
  const message = 'Too many warm-up requests. Please slow down.';
  const network = networkOf(sourceIp, 'warm');
  await consume({ scope: 'gen-warm', limit: cfg.GEN_WARM_PER_MINUTE, windowSeconds: 60 }, `${userId}#${network}`, message);
  await consume({ scope: 'gen-warm-ip', limit: cfg.GEN_WARM_IP_PER_MINUTE, windowSeconds: 60 }, network, message);
  if ((await liveWorkerCount()) > 0) return { state: 'warm' };
  if (await tryConsume({ scope: 'gen-warm-fleet', limit: 1, windowSeconds: WARM_WINDOW_SECONDS }, 'all')) await requestWorker(1);
  return { state: 'starting' };
}

/** A cold start takes minutes: one request to the fleet per this window is enough. */
const WARM_WINDOW_SECONDS = 120;

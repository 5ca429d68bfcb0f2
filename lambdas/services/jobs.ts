import { TERMINAL_STATUSES } from '../../shared/schemas/generation';
import type { FlowInput } from '../../shared/schemas/generation-flow';
import { capacityInputSchema, failInputSchema, flowInputSchema } from '../../shared/schemas/generation-flow';
import { removeWorker } from '../adapters/fleet-records';
import { liveWorkerCount, requestWorker, type WorkerRequest } from '../adapters/gpu-fleet';
import { activeJobs, runningJobIds } from '../adapters/job-lists';
import { getJob, releaseLock, updateJob } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { sleep } from '../lib/retry';
import { failureMessage, isVisitorsDoing } from './generation-failure';
import { refundJob } from './quota';
import { countFailure } from './stats';

/** The state machine's Lambda steps. Each is idempotent: Step Functions may run a step twice. */
class JobCancelledError extends Error {
  override name = 'JobCancelled';
}

/** RecordJob: the execution has the job; a job cancelled before this point ends here. */
export async function recordJob(raw: unknown): Promise<FlowInput> {
  const input = flowInputSchema.parse(raw);
  const job = await getJob(input.job.jobId);
  if (!job || job.status === 'cancelled') throw new JobCancelledError(`job ${input.job.jobId} was cancelled`);
  return input;
}

/**
 * EnsureCapacity: a free worker slot, or ask the fleet for more and wait (the flow asks again every
 * few seconds). Each live worker has GEN_JOBS_PER_WORKER slots: one job running, the others held by
 * the worker with their heartbeats kept fresh (worker/worker.ts). A job is dispatched only into a
 * free slot, oldest job first, so a dispatched message never waits in SQS behind busy workers and
 * the task heartbeat measures a worker's liveness, not a queue. The fleet grows by one worker per
 * GEN_JOBS_PER_WORKER open jobs (up to the group's maximum).
 */
export async function ensureCapacity(raw: unknown): Promise<{ warm: boolean; requestedAt?: string }> {
  const { job, waits } = capacityInputSchema.parse(raw);
  const cfg = config();
  if (waits?.redispatch) await forgetLostWorker(job.jobId);
  const [live, waiting, running] = await Promise.all([
    liveWorkerCount(),
    activeJobs(cfg.GEN_QUEUE_CAP * 2),
    runningJobIds(cfg.GEN_QUEUE_CAP * 2),
  ]);
  const others = (id: string) => id !== job.jobId;
  const wanted = Math.max(1, Math.ceil((waiting.length + running.filter(others).length) / cfg.GEN_JOBS_PER_WORKER));
  if (live > 0) {
    if (wanted > live) await requestWorker(wanted);
    // Every slot taken: a slot usually frees within seconds, so look again here (every SLOT_POLL_MS, up to
    // GEN_SLOT_WAIT_MS) before handing the job to the flow's 5 s capacity wait.
    const deadline = clock.now() + cfg.GEN_SLOT_WAIT_MS;
    let state = { live, waiting, running };
    for (;;) {
      if (hasFreeSlot(job.jobId, Boolean(waits?.redispatch), state, cfg.GEN_JOBS_PER_WORKER)) {
        await updateJob(job.jobId, { dispatchedAt: clock.date().toISOString() });
        return { warm: true };
      }
      if (clock.now() + SLOT_POLL_MS > deadline) return { warm: false };
      await sleep(SLOT_POLL_MS);
      const [l, w, r] = await Promise.all([liveWorkerCount(), activeJobs(cfg.GEN_QUEUE_CAP * 2), runningJobIds(cfg.GEN_QUEUE_CAP * 2)]);
      if (l === 0) return { warm: false };
      state = { live: l, waiting: w, running: r };
    }
  }
  const asked = await requestWorker(wanted);
  const requestedAt = clock.date().toISOString();
  await updateJob(
    job.jobId,
    // The words name what draws (issue 32): locally, without COMFYUI_URL, no GPU is waited for.
    {
      status: 'starting',
      message: waitingMessage(asked, cfg.RENDERER),
      capacityRequestedAt: requestedAt,
    },
    { onlyFrom: ['queued'] },
  );
  return { warm: false, requestedAt };
}

const SLOT_POLL_MS = 250;

/**
 * What the visitor reads while the job waits for a GPU: it names the renderer in use (issue 32), and says when the
 * GPU group is not there yet (a first deploy builds its image after the site is up; issue 31): the job waits for it
 * (the flow's capacity wait, then NoGpuCapacity), and needs no second deploy once the group exists.
 */
export const GPU_PREPARING_MESSAGE =
  'The GPU is still being prepared after an update (its image is being built); your picture starts when it is ready…';
function waitingMessage(asked: WorkerRequest, renderer: string): string {
  if (asked === 'no-group') return GPU_PREPARING_MESSAGE;
  return renderer === 'preview' ? 'Waiting for the preview renderer…' : 'Waiting for a GPU…';
}

/**
 * Whether this job may have a worker slot now: slots of the live workers − running jobs − jobs
 * already dispatched (waiting in a worker), oldest job first; a job whose worker was lost goes first.
 */
function hasFreeSlot(
  jobId: string,
  redispatched: boolean,
  { live, waiting, running }: { live: number; waiting: { jobId: string; dispatchedAt?: string }[]; running: string[] },
  perWorker: number,
): boolean {
  const others = (id: string) => id !== jobId;
  const taken = running.filter(others).length + waiting.filter((j) => j.dispatchedAt && others(j.jobId)).length;
  const line = waiting.filter((j) => !j.dispatchedAt || !others(j.jobId)).map((j) => j.jobId);
  const place = line.includes(jobId) && !redispatched ? line.indexOf(jobId) : 0;
  return place < live * perWorker - taken;
}

/**
 * Back from a lost dispatch (heartbeat timeout, ComfyUI unreachable): if a worker had taken the job,
 * its beacon may still look fresh for GEN_WORKER_FRESH_SECONDS, but it is not capacity; forget it,
 * and show the visitor the job waiting again instead of a frozen percentage.
 */
async function forgetLostWorker(jobId: string): Promise<void> {
  const record = await getJob(jobId);
  if (!record?.workerId || (record.status !== 'generating' && record.status !== 'saving')) return;
  logger.warn('the worker of this job went silent; looking for another', { jobId, workerId: record.workerId });
  await Promise.all([
    removeWorker(record.workerId),
    updateJob(jobId, { status: 'queued', percent: 0, message: 'Queued…' }, { onlyFrom: ['generating', 'saving'] }),
  ]);
}

/**
 * MarkFailed: every Catch ends here; the job shows the reason, the visitor may try again, and a
 * failure that was not the visitor's doing gives the job's hourly count back. Idempotent as every
 * step: run twice, the job stays as the first run left it and the count is given back once
 * (refundJob's mark on the job record); a job that ended otherwise first (done, cancelled) keeps it.
 */
export async function markFailed(raw: unknown): Promise<{ reason: string }> {
  const { job, error } = failInputSchema.parse(raw);
  const reason = failureMessage(error.Error, error.Cause);
  const status = error.Error === 'JobCancelled' ? 'cancelled' : 'failed';
  const record = await getJob(job.jobId);
  if (!isVisitorsDoing(error.Error)) {
    // Before the job shows failed, so the studio's meter, read as the failure shows, already has it back.
    // The record has what the counts were keyed by (the address, the time).
    if (record && (await refundJob(record))) logger.info('hourly count given back', { jobId: job.jobId, error: error.Error });
  }
  // The overview's failures by reason (a cancel is not one), once: a second run finds the job ended.
  if (status === 'failed' && record && !TERMINAL_STATUSES.includes(record.status)) await countFailure(error.Error);
  await updateJob(job.jobId, {
    status,
    message: reason,
    error: `${error.Error}: ${(error.Cause ?? '').slice(0, 500)}`,
    finishedAt: clock.date().toISOString(),
  });
  await releaseLock(job.userId, job.jobId);
  return { reason };
}

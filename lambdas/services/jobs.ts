import { TERMINAL_STATUSES } from '../../shared/schemas/generation';
import type { FlowInput } from '../../shared/schemas/generation-flow';
import { FLOW_ERRORS, failInputSchema, flowInputSchema } from '../../shared/schemas/generation-flow';
import { liveWorkerCount, requestWorker, type WorkerRequest } from '../adapters/gpu-fleet';
import { queueDepth } from '../adapters/job-queue';
import { getJob, releaseLock, updateJob } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
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
 * EnsureCapacity, once per job (workers claim jobs: infra/lib/state-machine.ts): sizes the fleet on
 * the queue's depth and tells the visitor when no GPU is warm. It reads the queue's two counts and the
 * fleet's beacons (a partition of at most one item per worker) once, and polls nothing: the job goes
 * on the queue next, and the first worker with a free slot takes it. Each worker has
 * GEN_JOBS_PER_WORKER slots, so the fleet grows by one worker per GEN_JOBS_PER_WORKER jobs on the
 * queue, this one included (up to the group's maximum); idle workers scale themselves in.
 */
export async function ensureCapacity(raw: unknown): Promise<{ warm: boolean; requestedAt?: string }> {
  const { job } = flowInputSchema.parse(raw);
  const cfg = config();
  const [live, depth] = await Promise.all([liveWorkerCount(), queueDepth()]);
  const wanted = Math.max(1, Math.ceil((depth.waiting + depth.held + 1) / cfg.GEN_JOBS_PER_WORKER));
  if (live > 0) {
    if (wanted > live) await requestWorker(wanted);
    return { warm: true };
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

/**
 * What the visitor reads while the job waits for a GPU: it names the renderer in use (issue 32), and says when the
 * GPU group is not there yet (a first deploy builds its image after the site is up; issue 31): the job waits for it
 * (on the queue, within the flow's task timeout, then NoGpuCapacity), and needs no second deploy once the group exists.
 */
export const GPU_PREPARING_MESSAGE =
  'The GPU is still being prepared after an update (its image is being built); your picture starts when it is ready…';
function waitingMessage(asked: WorkerRequest, renderer: string): string {
  if (asked === 'no-group') return GPU_PREPARING_MESSAGE;
  return renderer === 'preview' ? 'Waiting for the preview renderer…' : 'Waiting for a GPU…';
}

/**
 * MarkFailed: every Catch ends here; the job shows the reason, the visitor may try again, and a
 * failure that was not the visitor's doing gives the job's hourly count back. Idempotent as every
 * step: run twice, the job stays as the first run left it and the count is given back once
 * (refundJob's mark on the job record); a job that ended otherwise first (done, cancelled) keeps it.
 */
export async function markFailed(raw: unknown): Promise<{ reason: string }> {
  const { job, error: caught } = failInputSchema.parse(raw);
  const record = await getJob(job.jobId);
  // The task timed out before any worker took the job: the fleet never had a GPU for it.
  const error = caught.Error === 'States.Timeout' && record && !record.pickedAt ? { ...caught, Error: FLOW_ERRORS.noCapacity } : caught;
  const reason = failureMessage(error.Error, error.Cause);
  const status = error.Error === 'JobCancelled' ? 'cancelled' : 'failed';
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

import { GENERATION_SUCCESS, TERMINAL_STATUSES } from '../../shared/schemas/generation';
import { THUMBNAIL_MAX_WIDTH, THUMBNAIL_WIDTHS } from '../../shared/thumbnails';
import { countOf } from '../../shared/variants';
import { deleteObjects, sizedThumbnailKey } from '../adapters/image-bucket';
import { getImage } from '../adapters/images-table';
import { openJobs, repairQueueCount } from '../adapters/job-lists';
import { deleteStaging, listStaging, stagingJobId, stagingKey } from '../adapters/job-staging';
import { getJob, type JobItem, releaseLock, updateJob } from '../adapters/jobs-table';
import { describeExecution, stopExecution } from '../adapters/state-machine';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { pictureId, stagingName } from '../lib/picture-id';
import { storedKeys } from './private-images';
import { refundJob, refundUnmadePictures } from './quota';
import { countFailure } from './stats';

/** What the visitor reads on a job the reconciler had to end. */
export const LOST_JOB_MESSAGE = 'This picture could not be finished: the generator stopped while working on it. Please try again.';
export const OVERDUE_JOB_MESSAGE = 'This picture took far too long and was stopped. Please try again.';

export interface ReconcileOptions {
  /** Jobs last changed before this are checked (a younger one may be between its record and its execution). */
  changedBefore: Date;
  now?: Date;
}

export interface ReconcileReport {
  checked: number;
  done: string[];
  failed: string[];
  stagingRemoved: number;
  queueCount?: { shard: number; from: number; to: number }[];
}

/**
 * Ends every job that cannot finish any more. A job not ended is checked against its execution:
 * running → left alone unless past its deadline (then stopped and failed); ended or gone → the job
 * ends as done when its image was stored (the units of pictures it did not make given back), otherwise failed with a plain message, its lock released
 * and its hourly counts given back; either way every picture of the job is cleared (clearPictures).
 * Staging objects of ended jobs are removed, and the queue's slot count is set right if it drifted.
 * Every step is idempotent: two runs at once do no harm.
 */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
  const now = options.now ?? clock.date();
  const report: ReconcileReport = { checked: 0, done: [], failed: [], stagingRemoved: 0 };
  for (const job of await openJobs()) {
    if (Date.parse(job.updatedAt) >= options.changedBefore.getTime()) continue;
    report.checked++;
    try {
      const outcome = await settle(job, now);
      if (outcome) report[outcome].push(job.jobId);
    } catch (err) {
      logger.error('could not reconcile a job', { jobId: job.jobId, error: err as Error });
    }
  }
  report.stagingRemoved = await sweepStaging(options.changedBefore);
  report.queueCount = await repairQueueCount();
  if (report.done.length || report.failed.length || report.stagingRemoved || report.queueCount) logger.info('reconciled', { ...report });
  return report;
}

/** The latest a job may still be unfinished: a cold start, the task timeout and a margin. */
function deadlineOf(job: Pick<JobItem, 'createdAt'>): number {
  return Date.parse(job.createdAt) + (config().GEN_TASK_TIMEOUT_SECONDS + 15 * 60) * 1000;
}

async function settle(job: JobItem, now: Date): Promise<'done' | 'failed' | undefined> {
  const execution = await describeExecution(job.jobId);
  if (execution.status === 'RUNNING') {
    if (now.getTime() < deadlineOf(job)) return undefined;
    await stopExecution(job.jobId, 'Past its deadline (reconciler).');
    return fail(job, OVERDUE_JOB_MESSAGE, 'Overdue: stopped by the reconciler', 'reconciler-overdue');
  }
  const image = await getImage(job.jobId, true);
  if (image) {
    // StoreImage stores a job's pictures in index order: one it did not reach before it stopped is cleared.
    const stored = await clearPictures(job);
    // The pictures it did not make are not charged (while the job is open: the refund's condition); one that made
    // every picture it asked has nothing to give back (no write).
    await refundUnmadePictures(job, stored.length);
    const ended = await updateJob(job.jobId, {
      status: 'done',
      percent: 100,
      message: GENERATION_SUCCESS,
      imageId: image.id,
      ...(stored.length > 1 ? { imageIds: stored } : {}),
      finishedAt: now.toISOString(),
    });
    await releaseLock(job.userId, job.jobId);
    return ended ? 'done' : undefined;
  }
  return fail(job, LOST_JOB_MESSAGE, `Execution ${execution.status}${execution.error ? `: ${execution.error}` : ''}`, 'reconciler-lost');
}

/** `reason`: the overview's failure reason (services/stats.ts), counted by the run that ended the job. */
async function fail(job: JobItem, message: string, error: string, reason: string): Promise<'failed' | undefined> {
  const ended = await updateJob(job.jobId, { status: 'failed', message, error, finishedAt: clock.date().toISOString() });
  await releaseLock(job.userId, job.jobId);
  await clearPictures(job);
  // Only the run that ended the job gives its counts back (updateJob is conditional on it being open).
  if (ended) await Promise.all([refundJob(job), countFailure(reason)]);
  return ended ? 'failed' : undefined;
}

/**
 * Every picture of an ended job (variants, shared/variants.ts: the `count` it asked and any the worker
 * staged), not only picture 0: its staging object is removed, and so are the objects of one with no
 * record. StoreImage writes the objects before the record, so a crash between leaves objects no record
 * names; their owner is not known here (a job is a visitor's or an operator's), so every place an image
 * is stored goes, sized thumbnails included. A picture with a record is kept. Idempotent: a missing
 * object is no error, and a second run finds nothing to remove. Returns the stored pictures' ids.
 */
async function clearPictures(job: JobItem): Promise<string[]> {
  const count = Math.max(countOf(job), ...(job.pictures ?? []).map((p) => p.index + 1));
  const indexes = Array.from({ length: count }, (_, index) => index);
  const stored = await Promise.all(
    indexes.map(async (index) => {
      const id = pictureId(job.jobId, index);
      await deleteStaging(stagingKey(stagingName(job.jobId, index)));
      if (await getImage(id, true)) return id;
      const sized = THUMBNAIL_WIDTHS.filter((w) => w < THUMBNAIL_MAX_WIDTH).map((w) => sizedThumbnailKey(id, w));
      await deleteObjects([...storedKeys({ id, owner: 'user' }), ...sized]);
      return undefined;
    }),
  );
  return stored.filter((id) => id !== undefined);
}

/** Staging objects whose job has ended (or never existed): StoreImage is past them or never comes. */
async function sweepStaging(before: Date): Promise<number> {
  let removed = 0;
  for (const key of await listStaging(before)) {
    const job = await getJob(stagingJobId(key));
    if (job && !TERMINAL_STATUSES.includes(job.status)) continue;
    await deleteStaging(key);
    removed++;
  }
  return removed;
}

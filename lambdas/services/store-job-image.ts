import { DEFAULT_CATEGORY, MODEL_NAME, MODEL_STEPS, MODEL_VERSION } from '../../shared/constants';
import { isHeldBack } from '../../shared/image-check';
import { GENERATION_SUCCESS } from '../../shared/schemas/generation';
import { storeInputSchema } from '../../shared/schemas/generation-flow';
import { recordDuration } from '../adapters/fleet-records';
import { deleteStaging, getStaging } from '../adapters/job-staging';
import { getJob, releaseLock, updateJob } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { METRIC, recordDurationMetric } from '../lib/metrics';
import { storeImage } from './image-store';
import { IMAGE_CHECK_ACTOR, queueHeldBackImage } from './moderation';
import { countImageFlag, countPictureMade } from './stats';

/**
 * The StoreImage step's logic, in a module of its own so that only the storing step's bundle carries the
 * image store (sharp, the image transactions): the other steps import services/jobs.ts (issue 34).
 */
/** StoreImage: staging PNG → image store (original, thumbnail, record) → job done. */
export async function storeJobImage(raw: unknown): Promise<{ imageId: string }> {
  const { job, result } = storeInputSchema.parse(raw);
  const [png, record] = await Promise.all([getStaging(result.stagingKey), getJob(job.jobId)]);
  if (!png) throw new Error(`staging object ${result.stagingKey} is missing`);
  // The worker's image check (docs/safety.md): a held-back picture is stored with its verdict, so it is
  // shown blurred to its author and can be neither shared nor featured; an operator's is stored hidden,
  // since it would be public at once. A picture already stored keeps its state.
  const check = result.imageCheck;
  const held = isHeldBack(check);
  const hiddenBy = held && job.category ? IMAGE_CHECK_ACTOR : undefined;
  const image = await storeImage({
    id: job.jobId,
    png,
    prompt: job.prompt,
    aspectRatio: job.aspectRatio,
    width: result.width,
    height: result.height,
    seed: result.seed,
    // Only the operator's generator puts a category on the job (see startGeneration).
    owner: job.category ? { kind: 'admin' } : { kind: 'user', userId: job.userId },
    category: job.category ?? DEFAULT_CATEGORY,
    modelName: MODEL_NAME,
    modelVersion: MODEL_VERSION,
    // Every function's environment names the renderer its deployment runs (RENDERER): the job's
    // picture came from there, so that is what the picture page and the XMP name.
    renderer: config().RENDERER,
    steps: MODEL_STEPS,
    imageCheck: check,
    ...(hiddenBy ? { hiddenBy } : {}),
  });
  // As stored (a second run of the step finds the first's record, perhaps released since): keyed writes.
  if (image.imageCheck && isHeldBack(image.imageCheck)) {
    const owner = job.category ? 'admin' : 'user';
    await queueHeldBackImage({ ...image, owner, category: job.category ?? DEFAULT_CATEGORY }, image.imageCheck);
  }
  const now = clock.now();
  // Counted once: a second run of the step finds the job done already.
  const firstDone = record !== undefined && record.status !== 'done';
  await updateJob(job.jobId, {
    status: 'done',
    percent: 100,
    message: GENERATION_SUCCESS,
    imageId: image.id,
    seed: result.seed,
    finishedAt: new Date(now).toISOString(),
  });
  // The job shows done from here; the rest is housekeeping, off the visitor's wait.
  await Promise.all([
    releaseLock(job.userId, job.jobId),
    deleteStaging(result.stagingKey),
    record ? recordHistory(job.jobId, record.createdAt, record.capacityRequestedAt, result.timings.pickedAt, now) : undefined,
    firstDone
      ? countPictureMade({
          by: job.category ? 'operator' : 'visitor',
          waitMs: now - Date.parse(record.createdAt),
          cold: Boolean(record.capacityRequestedAt),
          gpuMs: result.timings.workerMs,
        })
      : undefined,
    firstDone && held && check ? countImageFlag(check.by) : undefined,
  ]);
  return { imageId: image.id };
}

/** The measured history the ETA reads: how long a cold start, a queue wait and a generation took. */
async function recordHistory(
  jobId: string,
  createdAt: string,
  capacityAt: string | undefined,
  pickedAt: string,
  doneMs: number,
): Promise<void> {
  const picked = Date.parse(pickedAt);
  const writes = [recordDuration('generation', jobId, doneMs - picked)];
  recordDurationMetric(METRIC.generationMs, doneMs - picked);
  if (capacityAt) {
    writes.push(recordDuration('coldStart', jobId, picked - Date.parse(capacityAt)));
    recordDurationMetric(METRIC.coldStartMs, picked - Date.parse(capacityAt));
  } else {
    writes.push(recordDuration('queueWait', jobId, picked - Date.parse(createdAt)));
    recordDurationMetric(METRIC.queueWaitMs, picked - Date.parse(createdAt));
  }
  await Promise.all(writes).catch((err) => logger.warn('could not record durations', { error: err as Error }));
}

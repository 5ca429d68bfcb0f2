import { DEFAULT_CATEGORY, MODEL_NAME, MODEL_STEPS, MODEL_VERSION } from '../../shared/constants';
import { isHeldBack } from '../../shared/image-check';
import { GENERATION_SUCCESS } from '../../shared/schemas/generation';
import { type FlowJob, type StagedPicture, storeInputSchema, type WorkerResult } from '../../shared/schemas/generation-flow';
import { recordDuration } from '../adapters/fleet-records';
import { deleteStaging, getStaging } from '../adapters/job-staging';
import { getJob, releaseLock, updateJob } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { METRIC, recordDurationMetric } from '../lib/metrics';
import { pictureId } from '../lib/picture-id';
import { pictureTimes } from './eta';
import { storeImage } from './image-store';
import { IMAGE_CHECK_ACTOR, queueHeldBackImage } from './moderation';
import { countImageFlag, countPictureMade } from './stats';

/**
 * The StoreImage step's logic, in a module of its own so that only the storing step's bundle carries the
 * image store (sharp, the image transactions): the other steps import services/jobs.ts (issue 34).
 */
/**
 * StoreImage: each staged PNG of the job → image store (original, thumbnail, record) → job done. A job
 * of several pictures (issue 32) stores each as its own gallery item: picture i under pictureId(jobId, i)
 * with its own seed and check, so a second run of the step writes the same ids.
 */
export async function storeJobImage(raw: unknown): Promise<{ imageId: string }> {
  const { job, result } = storeInputSchema.parse(raw);
  const record = await getJob(job.jobId);
  const pictures: StagedPicture[] = result.pictures ?? [
    { index: 0, stagingKey: result.stagingKey, seed: result.seed, imageCheck: result.imageCheck },
  ];
  const stored: { id: string; held: boolean; check: StagedPicture['imageCheck'] }[] = [];
  // One after another: each holds a decoded picture in the step's memory while sharp resizes it.
  for (const picture of [...pictures].sort((x, y) => x.index - y.index)) stored.push(await storePicture(job, result, picture));
  const [first] = stored;
  if (!first) throw new Error(`job ${job.jobId} has no picture to store`);
  const now = clock.now();
  // Counted once: a second run of the step finds the job done already.
  const firstDone = record !== undefined && record.status !== 'done';
  await updateJob(job.jobId, {
    status: 'done',
    percent: 100,
    message: GENERATION_SUCCESS,
    imageId: first.id,
    ...(stored.length > 1 ? { imageIds: stored.map((p) => p.id) } : {}),
    seed: pictures[0]?.seed ?? result.seed,
    finishedAt: new Date(now).toISOString(),
  });
  // The job shows done from here; the rest is housekeeping, off the visitor's wait.
  await Promise.all([
    releaseLock(job.userId, job.jobId),
    ...pictures.map((p) => deleteStaging(p.stagingKey)),
    record
      ? recordHistory(job.jobId, record.createdAt, record.capacityRequestedAt, result.timings.pickedAt, now, pictures.length)
      : undefined,
    ...(firstDone
      ? stored.map(() =>
          countPictureMade({
            by: job.category ? 'operator' : 'visitor',
            waitMs: now - Date.parse(record.createdAt),
            cold: Boolean(record.capacityRequestedAt),
            gpuMs: result.timings.workerMs / stored.length,
          }),
        )
      : []),
    ...(firstDone ? stored.flatMap((p) => (p.held ? [countImageFlag(p.check.by)] : [])) : []),
  ]);
  return { imageId: first.id };
}

/** One picture of the job: read from staging, stored as its own gallery item, queued for review if held back. */
async function storePicture(
  job: FlowJob,
  result: WorkerResult,
  picture: StagedPicture,
): Promise<{ id: string; held: boolean; check: StagedPicture['imageCheck'] }> {
  const png = await getStaging(picture.stagingKey);
  if (!png) throw new Error(`staging object ${picture.stagingKey} is missing`);
  // The worker's image check (docs/safety.md): a held-back picture is stored with its verdict, so it is
  // shown blurred to its author and can be neither shared nor featured; an operator's is stored hidden,
  // since it would be public at once. A picture already stored keeps its state.
  const check = picture.imageCheck;
  const held = isHeldBack(check);
  const hiddenBy = held && job.category ? IMAGE_CHECK_ACTOR : undefined;
  const image = await storeImage({
    id: pictureId(job.jobId, picture.index),
    png,
    prompt: job.prompt,
    aspectRatio: job.aspectRatio,
    width: result.width,
    height: result.height,
    seed: picture.seed,
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
  return { id: image.id, held, check };
}

/** The measured history the ETA reads: how long a cold start, a queue wait and a generation took. */
async function recordHistory(
  jobId: string,
  createdAt: string,
  capacityAt: string | undefined,
  pickedAt: string,
  doneMs: number,
  pictures: number,
): Promise<void> {
  const picked = Date.parse(pickedAt);
  // The history is of one picture's time (services/eta.ts pictureTimes): a job of several is scaled down.
  const oneMs = Math.round((doneMs - picked) / pictureTimes(pictures));
  const writes = [recordDuration('generation', jobId, oneMs)];
  recordDurationMetric(METRIC.generationMs, oneMs);
  if (capacityAt) {
    writes.push(recordDuration('coldStart', jobId, picked - Date.parse(capacityAt)));
    recordDurationMetric(METRIC.coldStartMs, picked - Date.parse(capacityAt));
  } else {
    writes.push(recordDuration('queueWait', jobId, picked - Date.parse(createdAt)));
    recordDurationMetric(METRIC.queueWaitMs, picked - Date.parse(createdAt));
  }
  await Promise.all(writes).catch((err) => logger.warn('could not record durations', { error: err as Error }));
}

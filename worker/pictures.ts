import { logger } from '../lambdas/lib/logger';
import { stagingName } from '../lambdas/lib/picture-id';
import { isHeldBack } from '../shared/image-check';
import { type FlowJob, type StagedPicture, WORKER_ERRORS } from '../shared/schemas/generation-flow';
import { countOf, variantSeed } from '../shared/variants';
import { ComfyError, runGraph } from './comfyui';
import { buildFluxGraph, OUTPUT_NODE } from './generation-graph';
import { generatingMessage } from './generation-progress';
import { type PictureCheck, runPictureCheck } from './picture-check';
import type { WorkerPorts } from './ports';

export interface MadePictures {
  /** In index order. */
  pictures: StagedPicture[];
  /** Picture 0's ComfyUI prompt id. */
  comfyPromptId: string;
  /** From the submission to the last output image. */
  renderMs: number;
  /** The image checks' time, all pictures together. */
  checkMs: number;
}

/**
 * Makes every picture of a job (issue 32): the `count` prompts go to ComfyUI together, one prompt each
 * (not one batch: ComfyUI runs them one after another, so the first is ready after one picture's time),
 * each followed on its own socket, checked, and uploaded to staging as soon as it is done; the job record
 * then lists it (`pictures`), so the status read shows it to its author before the others are done.
 * Percent is the pictures' mean. `cancel` (the visitor's cancel, a lost token) or any picture's failure
 * stops them all: each run interrupts ComfyUI and deletes its prompt from the queue, and nothing more is
 * uploaded. Picture i's seed is variantSeed(jobSeed, i).
 */
export async function makePictures(args: {
  job: FlowJob;
  jobSeed: number;
  comfyUrl: string;
  comfyTimeoutMs: number;
  ports: WorkerPorts;
  imageCheck: PictureCheck;
  cancel: AbortSignal;
}): Promise<MadePictures> {
  const { job, ports } = args;
  const count = countOf(job);
  const stop = new AbortController();
  const stopAll = () => stop.abort();
  if (args.cancel.aborted) stop.abort();
  args.cancel.addEventListener('abort', stopAll, { once: true });
  const percents: number[] = new Array(count).fill(0);
  let lastPercent = 0;
  const staged: StagedPicture[] = [];
  let recording: Promise<unknown> = Promise.resolve();
  let firstError: unknown;
  let checkMs = 0;
  const started = Date.now();

  const progress = () => {
    const percent = Math.round(percents.reduce((a, b) => a + b, 0) / count);
    if (percent <= lastPercent) return;
    lastPercent = percent;
    void ports.updateJob(job.jobId, { percent, message: generatingMessage(percent) }).catch(() => {});
  };

  const makeOne = async (index: number) => {
    const seed = variantSeed(args.jobSeed, index);
    const result = await runGraph({
      baseUrl: args.comfyUrl,
      graph: buildFluxGraph({ prompt: job.prompt, width: job.width, height: job.height, seed }),
      outputNode: OUTPUT_NODE,
      // A queued picture waits for the ones ahead of it: its limit covers theirs too.
      timeoutMs: args.comfyTimeoutMs * (index + 1),
      signal: stop.signal,
      onProgress: (event) => {
        if (!('percent' in event) || event.percent <= (percents[index] ?? 0)) return;
        percents[index] = event.percent;
        progress();
      },
    });
    // Before anyone sees it, its author included: the verdict travels with the picture to StoreImage.
    const checking = Date.now();
    const imageCheck = await runPictureCheck(args.imageCheck, result.png);
    checkMs += Date.now() - checking;
    // Cancelled (or another picture failed) while the last step, or the check, ran: nothing is uploaded.
    if (stop.signal.aborted) throw new ComfyError('interrupted', 'The job was cancelled.');
    if (isHeldBack(imageCheck)) logger.warn('picture held back by the image check', { jobId: job.jobId, index, imageCheck });
    const stagingKey = await ports.putStaging(stagingName(job.jobId, index), result.png).catch((err: Error) => {
      throw Object.assign(new Error(`Could not upload the image: ${err.message}`), { code: WORKER_ERRORS.upload });
    });
    staged.push({ index, stagingKey, seed, imageCheck });
    // One write at a time, each with every picture so far: a late write never drops an earlier picture.
    const list = [...staged].sort((a, b) => a.index - b.index);
    recording = recording.then(() => ports.updateJob(job.jobId, { pictures: list }).catch(() => false));
    await recording;
    return result;
  };

  try {
    const settled = await Promise.allSettled(
      Array.from({ length: count }, (_, index) =>
        makeOne(index).catch((err: unknown) => {
          firstError ??= err;
          stop.abort();
          throw err;
        }),
      ),
    );
    if (firstError !== undefined) throw firstError;
    const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    return {
      pictures: [...staged].sort((a, b) => a.index - b.index),
      comfyPromptId: results[0]?.promptId ?? '',
      renderMs: Math.max(...results.map((r) => r.renderMs), Date.now() - started - checkMs, 0),
      checkMs,
    };
  } finally {
    args.cancel.removeEventListener('abort', stopAll);
  }
}

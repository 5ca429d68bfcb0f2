import type { ClientImage } from '@shared/client-image';
import { TIMINGS } from '@shared/constants';
import { checkPrompt } from '@shared/prompt-rule';
import { PROMPT_REFUSED } from '@shared/safety';
import { ApiClientError, FILES_HOST } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { loadGallerySchemas, loadGenerationSchemas } from '../../lib/validators';
import { getVisitor } from '../../lib/visitor';
import { startGeneration } from './api/generation-api';
import { followJob, sleep } from './follow-job';
import { type GenerationState, IDLE } from './generation-state';
import { isWaitingForGpu, progressText } from './progress-text';
import { jobCount, jobImages } from './variants';

/*
 * The generation flow proper, loaded on the studio's first keystroke or click (use-generation.ts),
 * so none of it weighs on home's first load.
 */

/** A status poll may fail transiently (network blip); this many in a row fail the generation (when polling). */
const MAX_POLL_ERRORS = 5;
/** Longest the studio follows one job, queue wait included. */
const MAX_FOLLOW_MS = 10 * 60 * 1000;

/** An answer that refuses the request with its own message (other failures get the generic one). */
function isRefusal(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && (err.status === 503 || (err.status >= 400 && err.status < 500)) && err.code !== 'http_error';
}

function requestId(): string {
  return crypto.getRandomValues(new Uint32Array(4)).reduce((s, n) => s + n.toString(36).padStart(7, '0'), '');
}

/** Starts a job and answers its id (the visitors' POST /api/generate unless the page passes its own). */
export type StartJob = (body: { prompt: string; aspectRatio: string; requestId: string }, signal: AbortSignal) => Promise<string>;

export interface FlowHooks {
  signal: AbortSignal;
  /** The operator's generator starts its jobs through the admin API (same flow otherwise). */
  start?: StartJob;
  setState: (next: GenerationState | ((s: GenerationState) => GenerationState)) => void;
  /** The job's pictures, in order, once it is done (one unless the job asked for variants). */
  onSuccess: (images: readonly ClientImage[]) => void;
  onSettled: (ok: boolean) => void;
  /** A remix's seed ('Make it in another shape'); the visitors' route only. */
  seed?: number;
  /** Which renderer draws (GET /api/health): the waiting texts name it. */
  renderer?: string | undefined;
  /** Variants (issue 32): how many pictures the job asks for (the visitors' route only; one when absent). */
  count?: number;
}

/**
 * The spec's section 4 'Generation': check the prompt, start a job, follow its status every 500 ms,
 * then hand the image over; on failure the generic message, progress reset, prompt kept. Refusals
 * (prompt rule 400, one job in flight 409, rate limit 429, busy 503) show their own message.
 */
export async function runGeneration(
  rawPrompt: string,
  aspectRatio: string,
  { signal, setState, onSuccess, onSettled, start, seed, renderer, count = 1 }: FlowHooks,
) {
  const check = checkPrompt(rawPrompt);
  if (!check.ok) {
    if (check.reason !== 'empty') notify.error(check.message, { autoClose: TIMINGS.promptErrorToastMs });
    return;
  }
  const fail = async () => {
    const { GENERIC_GENERATION_ERROR } = await loadGenerationSchemas();
    setState({ ...IDLE, text: GENERIC_GENERATION_ERROR });
    notify.error(GENERIC_GENERATION_ERROR);
    onSettled(false);
  };
  setState({ busy: true, percent: 0, text: 'Initializing…', waitingForGpu: false, count, images: [] });
  const { userId } = getVisitor();
  try {
    let jobId: string;
    try {
      jobId = start
        ? await start({ prompt: check.prompt, aspectRatio, requestId: requestId() }, signal)
        : await startGeneration(
            {
              prompt: check.prompt,
              aspectRatio,
              userId,
              requestId: requestId(),
              ...(seed !== undefined ? { seed } : {}),
              ...(count > 1 ? { count } : {}),
            },
            signal,
          );
    } catch (err) {
      if (!isRefusal(err)) throw err;
      // A screened prompt's reason also stays under the prompt, where the visitor rephrases it.
      setState(err.code === PROMPT_REFUSED ? { ...IDLE, text: err.message } : IDLE);
      notify.error(err.message);
      onSettled(false);
      return;
    }
    setState((s) => ({ ...s, jobId }));
    const started = Date.now();
    // Each picture the job has finished, as the browser shows it (converted once each: statuses repeat them;
    // again at done, when the same ids come with the stored picture's urls instead of the staged one's).
    const { toClientImage } = await loadGallerySchemas();
    let shown: readonly ClientImage[] = [];
    const picturesOf = (job: Parameters<typeof jobImages>[0], done: boolean) => {
      const images = jobImages(job);
      if (done || images.length !== shown.length || images.some((image, i) => image.id !== shown[i]?.id)) {
        shown = images.map((image) => toClientImage(image, FILES_HOST));
      }
      return shown;
    };
    // Pushed as they happen (server-sent events), or polled when the stream fails: follow-job.ts.
    for await (const job of followJob(jobId, userId, signal, { maxPollErrors: MAX_POLL_ERRORS })) {
      if (Date.now() - started > MAX_FOLLOW_MS) break;
      if (job.status === 'cancelled') {
        setState(IDLE);
        onSettled(false);
        return;
      }
      if (job.status === 'failed') return await fail();
      const images = picturesOf(job, job.status === 'done');
      const total = jobCount(job, count);
      if (job.status === 'done' && images.length === 0 && job.hidden) {
        // Hidden by moderation: no picture comes (docs/privacy.md); the reason stays under the prompt.
        setState({ ...IDLE, text: job.message });
        notify.error(job.message);
        onSettled(false);
        return;
      }
      if (job.status === 'done' && images.length > 0) {
        const { GENERATION_SUCCESS } = await loadGenerationSchemas();
        setState({ busy: true, percent: 100, text: progressText(job, renderer), jobId, waitingForGpu: false, count: total, images });
        onSuccess(images);
        // Spec: loading, status and prompt clear 1.5 s after completion, then the success toast.
        await sleep(TIMINGS.successToastDelayMs, signal);
        setState(IDLE);
        onSettled(true);
        notify.success(GENERATION_SUCCESS);
        return;
      }
      const waiting = isWaitingForGpu(job.status);
      setState({
        busy: true,
        jobId,
        percent: waiting ? 0 : job.percent,
        text: progressText(job, renderer),
        waitingForGpu: waiting,
        count: total,
        images,
      });
    }
    await fail();
  } catch (err) {
    if ((err as Error).name === 'AbortError') return;
    console.error('generation failed', err);
    await fail();
  }
}

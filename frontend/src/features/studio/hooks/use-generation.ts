import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING, TIMINGS } from '../../../../../shared/constants';
import { checkPrompt } from '../../../../../shared/prompt-rule';
import type { ClientImage } from '../../../../../shared/schemas/gallery';
import { ApiClientError, FILES_HOST } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { loadGallerySchemas, loadGenerationSchemas } from '../../../lib/validators';
import { getVisitor } from '../../../lib/visitor';
import { cancelGeneration, getJobStatus, startGeneration } from '../api/generation-api';
import { isWaitingForGpu, progressText } from '../progress-text';

export interface GenerationState {
  busy: boolean;
  percent: number;
  text: string;
  jobId?: string;
  waitingForGpu: boolean;
}

const IDLE: GenerationState = { busy: false, percent: 0, text: '', waitingForGpu: false };
/** A status poll may fail transiently (network blip); this many in a row fail the generation. */
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/**
 * The studio's generation flow (spec section 4 'Generation'): start a job, follow its status every
 * 500 ms, then hand the image over; on failure the generic message, progress reset, prompt kept.
 */
export function useGeneration(onSuccess: (image: ClientImage) => void, onSettled: (ok: boolean) => void) {
  const [state, setState] = useState<GenerationState>(IDLE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const fail = useCallback(async (message?: string) => {
    const { GENERIC_GENERATION_ERROR } = await loadGenerationSchemas();
    setState({ ...IDLE, text: GENERIC_GENERATION_ERROR });
    notify.error(message ?? GENERIC_GENERATION_ERROR);
  }, []);

  const generate = useCallback(
    async (rawPrompt: string, aspectRatio: string) => {
      if (abort.current) return;
      const check = checkPrompt(rawPrompt);
      if (!check.ok) {
        if (check.reason !== 'empty') notify.error(check.message, { autoClose: TIMINGS.promptErrorToastMs });
        return;
      }
      const controller = new AbortController();
      abort.current = controller;
      const { signal } = controller;
      setState({ busy: true, percent: 0, text: 'Initializing…', waitingForGpu: false });
      const { userId } = getVisitor();
      try {
        let jobId: string;
        try {
          jobId = await startGeneration({ prompt: check.prompt, aspectRatio, userId, requestId: requestId() }, signal);
        } catch (err) {
          // Refusals (prompt rule 400, one job in flight 409, rate limit 429, busy 503) carry their own message.
          if (isRefusal(err)) {
            setState(IDLE);
            notify.error(err.message);
            onSettled(false);
            return;
          }
          throw err;
        }
        setState((s) => ({ ...s, jobId }));
        const started = Date.now();
        let errors = 0;
        while (Date.now() - started < MAX_FOLLOW_MS) {
          await sleep(POLLING.intervalMs, signal);
          let job: Awaited<ReturnType<typeof getJobStatus>>;
          try {
            job = await getJobStatus(jobId, signal);
            errors = 0;
          } catch (err) {
            if ((err as Error).name === 'AbortError') throw err;
            if (++errors >= MAX_POLL_ERRORS) throw err;
            continue;
          }
          if (job.status === 'cancelled') {
            setState(IDLE);
            onSettled(false);
            return;
          }
          if (job.status === 'failed') {
            await fail();
            onSettled(false);
            return;
          }
          if (job.status === 'done' && job.image) {
            const { toClientImage } = await loadGallerySchemas();
            const { GENERATION_SUCCESS } = await loadGenerationSchemas();
            setState({ busy: true, percent: 100, text: progressText(job), jobId, waitingForGpu: false });
            onSuccess(toClientImage(job.image, FILES_HOST));
            // Spec: loading, status and prompt clear 1.5 s after completion, then the success toast.
            await sleep(TIMINGS.successToastDelayMs, signal);
            setState(IDLE);
            onSettled(true);
            notify.success(GENERATION_SUCCESS);
            return;
          }
          const waiting = isWaitingForGpu(job.status);
          setState({ busy: true, jobId, percent: waiting ? 0 : job.percent, text: progressText(job), waitingForGpu: waiting });
        }
        await fail();
        onSettled(false);
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        console.error('generation failed', err);
        await fail();
        onSettled(false);
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [fail, onSuccess, onSettled],
  );

  const cancel = useCallback(async () => {
    const jobId = state.jobId;
    abort.current?.abort();
    abort.current = null;
    setState(IDLE);
    if (jobId) await cancelGeneration(jobId, getVisitor().userId).catch((err: unknown) => console.warn('cancel failed', err));
    notify.info('Generation cancelled.');
  }, [state.jobId]);

  return { state, generate, cancel };
}

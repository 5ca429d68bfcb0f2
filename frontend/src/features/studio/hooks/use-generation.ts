import type { ClientImage } from '@shared/client-image';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { getVisitor } from '../../../lib/visitor';
import type { StartJob } from '../generation-flow';
import { type GenerationState, IDLE } from '../generation-state';

export type { GenerationState } from '../generation-state';

/** The flow's chunk (generation-flow.ts): fetched on the first keystroke, so a click does not wait for it. */
export const loadGenerationFlow = () => import('../generation-flow');

/**
 * The studio's generation state and actions (spec section 4 'Generation'); the flow itself
 * (generation-flow.ts) is loaded on first use. One generation at a time; Cancel aborts the polling
 * and asks the API to cancel the job (DELETE /api/generate/{jobId}).
 */
export function useGeneration(
  onSuccess: (images: readonly ClientImage[]) => void,
  onSettled: (ok: boolean) => void,
  start?: StartJob,
  renderer?: string,
) {
  const [state, setState] = useState<GenerationState>(IDLE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const generate = useCallback(
    async (rawPrompt: string, aspectRatio: string, seed?: number, count = 1) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      try {
        const { runGeneration } = await loadGenerationFlow();
        await runGeneration(rawPrompt, aspectRatio, {
          signal: controller.signal,
          setState,
          onSuccess,
          onSettled,
          start,
          seed,
          renderer,
          count,
        });
      } catch (err) {
        // Only a failed chunk load lands here (the flow handles its own failures).
        console.error('generation failed', err);
        setState(IDLE);
        notify.error('Failed to generate. Please try again.');
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [onSuccess, onSettled, start, renderer],
  );

  const cancel = useCallback(async () => {
    const jobId = state.jobId;
    abort.current?.abort();
    abort.current = null;
    setState(IDLE);
    if (jobId) {
      const { cancelGeneration } = await import('../api/generation-api');
      await cancelGeneration(jobId, getVisitor().userId).catch((err: unknown) => console.warn('cancel failed', err));
    }
    notify.info('Generation cancelled.');
  }, [state.jobId]);

  return { state, generate, cancel };
}

import { useCallback, useEffect, useRef } from 'react';
import { getVisitor } from '../../../lib/visitor';
import { loadGenerationFlow } from './use-generation';

const WARM_KEY = 'artloom_gpu_warmed_at';
/** Typing pauses this long before the warm-up call. */
const DEBOUNCE_MS = 800;
/**
 * A warm request is not repeated within this window in one browser session (the fleet keeps an
 * idle worker about this long; decided here, the spec is silent).
 */
const WARM_FOR_MS = 10 * 60 * 1000;

function warmedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(WARM_KEY));
    return Number.isFinite(at) && Date.now() - at < WARM_FOR_MS;
  } catch {
    return false;
  }
}

/**
 * Returns a callback for prompt keystrokes: fetches the generation flow's chunk (once), and asks the
 * API to warm a GPU, debounced, once per session while warm.
 */
export function useWarmGpu(): () => void {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    void loadGenerationFlow().catch(() => {});
    if (warmedRecently()) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (warmedRecently()) return;
      try {
        sessionStorage.setItem(WARM_KEY, String(Date.now()));
      } catch {
        // ignore
      }
      import('../api/generation-api')
        .then(({ warmGpu }) => warmGpu(getVisitor().userId))
        .catch((err: unknown) => console.warn('warm-up refused', err));
    }, DEBOUNCE_MS);
  }, []);
}

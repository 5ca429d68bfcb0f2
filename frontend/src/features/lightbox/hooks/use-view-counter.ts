import { useCallback, useRef } from 'react';

/** Counts lightbox moves; every `every`th move calls `onNth` (15, Space 5). Opening does not count. */
export function useViewCounter(every: number, onNth: () => void): () => void {
  const views = useRef(0);
  return useCallback(() => {
    views.current += 1;
    if (views.current % every === 0) onNth();
  }, [every, onNth]);
}

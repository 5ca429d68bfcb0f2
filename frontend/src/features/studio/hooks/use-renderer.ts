import { startTransition, useEffect, useState } from 'react';
import { getHealth } from '../api/health-api';

/**
 * Which renderer answers generations, from GET /api/health's `renderer`: 'preview' (local,
 * deterministic, no GPU, no AI) or 'comfyui'. Undefined until known (and when health cannot be read).
 */
export function useRenderer(): string | undefined {
  const [renderer, setRenderer] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    getHealth(controller.signal)
      .then((h) => startTransition(() => setRenderer(typeof h.renderer === 'string' ? h.renderer : undefined)))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return renderer;
}

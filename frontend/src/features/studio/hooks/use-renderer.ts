import { useEffect, useState } from 'react';
import { getHealth } from '../api/generation-api';

/** Which renderer answers generations: 'preview' (local, deterministic, no GPU) or 'comfyui'. */
export function useRenderer(): string | undefined {
  const [renderer, setRenderer] = useState<string>();
  useEffect(() => {
    let live = true;
    getHealth()
      .then((h) => live && setRenderer(h.renderer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return renderer;
}

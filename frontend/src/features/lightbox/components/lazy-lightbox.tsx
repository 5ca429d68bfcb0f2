import { lazy, Suspense } from 'react';
import type { LightboxProps } from './lightbox';

// The viewer only opens on a click: its code loads then, off the first chunk.
const Lightbox = lazy(() => import('./lightbox').then((m) => ({ default: m.Lightbox })));

export function LazyLightbox(props: LightboxProps) {
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} />
    </Suspense>
  );
}

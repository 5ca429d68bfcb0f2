import type { Ad } from '@shared/schemas/ads';
import { lazy, Suspense } from 'react';

// The popup shows on every 15th lightbox move at most: its code loads then, off the first chunk.
const AdPopup = lazy(() => import('./ad-popup').then((m) => ({ default: m.AdPopup })));

export function LazyAdPopup(props: { ads: Ad[]; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <AdPopup {...props} />
    </Suspense>
  );
}

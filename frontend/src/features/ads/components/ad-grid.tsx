import type { Ad } from '@shared/schemas/ads';
import { useMemo } from 'react';
import { pickGridAds } from '../pick';
import { AdTile } from './ad-tile';
import '../ads.css';

/** The ads above and below a gallery: pass the same `ads` to both slots so they never repeat. */
export function useGridAds(ads: Ad[] | undefined): { top: Ad[]; bottom: Ad[] } {
  return useMemo(() => pickGridAds(ads ?? []), [ads]);
}

/**
 * Two ad tiles. Until the ads answer (`loading`), two empty boxes of the tiles' size hold the place,
 * so their arrival shifts nothing; with no ads at all the grid is left out.
 */
export function AdGrid({
  ads,
  label,
  loading = false,
  slots = 2,
  eager = false,
  inGallery = false,
}: {
  ads: Ad[];
  label: string;
  loading?: boolean;
  slots?: number;
  /** Above the fold: the tiles' images load at once (Lighthouse found a lazy ad image as a category page's LCP). */
  eager?: boolean;
  /** Inside a gallery's list (phones: after its first picture): a labelled group, since a complementary landmark must not sit inside another. */
  inGallery?: boolean;
}) {
  if (!loading && ads.length === 0) return null;
  const Box = inGallery ? 'div' : 'aside';
  return (
    <Box className="ad-grid" aria-label={label} role={inGallery ? 'group' : undefined}>
      {loading
        ? Array.from({ length: slots }, (_, i) => <span key={String(i)} className="ad-tile ad-tile--placeholder" aria-hidden="true" />)
        : ads.map((ad) => <AdTile key={ad.id ?? `${ad.imageUrl}|${ad.navigateUrl}`} ad={ad} eager={eager} />)}
    </Box>
  );
}

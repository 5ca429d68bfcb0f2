import { ADS } from '@shared/constants';
import type { Ad } from '@shared/schemas/ads';
import '../ads.css';

/**
 * `eager`: a tile in the first viewport (a category page's top grid), fetched at once rather than lazily. `labelled`:
 * the tile says 'Sponsored' itself; the ad popup's tiles do not, its title does (once).
 */
export function AdTile({ ad, eager = false, labelled = true }: { ad: Ad; eager?: boolean; labelled?: boolean }) {
  return (
    <a className="ad-tile" href={ad.navigateUrl} target="_blank" rel="sponsored noopener">
      {labelled && <span className="ad-tile__label">Sponsored</span>}
      <img
        className="ad-tile__img"
        src={ad.imageUrl}
        alt={ad.alternateText}
        width={ADS.displayWidth}
        height={ADS.displayHeight}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </a>
  );
}

import { ADS } from '@shared/constants';
import type { Ad } from '@shared/schemas/ads';
import '../ads.css';

/** `eager`: a tile in the first viewport (a category page's top grid), fetched at once rather than lazily. */
export function AdTile({ ad, eager = false }: { ad: Ad; eager?: boolean }) {
  return (
    <a className="ad-tile" href={ad.navigateUrl} target="_blank" rel="sponsored noopener">
      <span className="ad-tile__label">Sponsored</span>
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

import { ADS } from '../../../../../shared/constants';
import type { Ad } from '../../../../../shared/schemas/ads';

export function AdTile({ ad }: { ad: Ad }) {
  return (
    <a className="ad-tile" href={ad.navigateUrl} target="_blank" rel="sponsored noopener">
      <span className="ad-tile__label">Sponsored</span>
      <img
        className="ad-tile__img"
        src={ad.imageUrl}
        alt={ad.alternateText}
        width={ADS.displayWidth}
        height={ADS.displayHeight}
        loading="lazy"
        decoding="async"
      />
    </a>
  );
}

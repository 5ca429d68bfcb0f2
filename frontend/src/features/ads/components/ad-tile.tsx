import { ADS } from '@shared/constants';
import type { Ad } from '@shared/schemas/ads';
import { useEffect, useRef } from 'react';
import { adHref } from '../api/ads-api';
import '../ads.css';

/** `https://shop.example.com/x` → `shop.example.com` (the link's title says where it leads). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * `eager`: a tile in the first viewport (a category page's top grid), fetched at once rather than lazily. `labelled`:
 * the tile says 'Sponsored' itself; the ad popup's tiles do not, its title does (once). The link goes through the
 * counting redirect (/api/ads/{id}/click); its title names the sponsor's site it leads to.
 */
export function AdTile({ ad, eager = false, labelled = true }: { ad: Ad; eager?: boolean; labelled?: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    const id = ad.id;
    if (!element || !id) return;
    // Its own small chunk, fetched once a tile is on the page (not with the page's first JS; ../impressions.ts).
    let stop: (() => void) | undefined;
    let gone = false;
    import('../impressions').then(
      ({ watchImpression }) => {
        if (!gone) stop = watchImpression(element, id);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [ad.id]);
  return (
    <a
      ref={ref}
      className="ad-tile"
      href={adHref(ad)}
      title={`Sponsored: opens ${hostOf(ad.navigateUrl)}`}
      target="_blank"
      rel="sponsored noopener"
    >
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

import { ADS } from '@shared/constants';
import { shuffle } from '../../lib/site';

/**
 * The spec's grid rule (section 4): 2 distinct random ads on top, then 2 distinct from the rest at
 * the bottom; if fewer than 2 remain, top up from the others (never repeating within one grid).
 */
export function pickGridAds<T>(ads: readonly T[], random: () => number = Math.random): { top: T[]; bottom: T[] } {
  const order = shuffle(ads, random);
  const top = order.slice(0, ADS.gridTop);
  const bottom = order.slice(ADS.gridTop, ADS.gridTop + ADS.gridBottom);
  if (bottom.length < ADS.gridBottom) {
    const others = shuffle(
      top.filter((ad) => !bottom.includes(ad)),
      random,
    );
    while (bottom.length < ADS.gridBottom && others.length) bottom.push(others.shift() as T);
  }
  return { top, bottom };
}

/** Popup ads: 1 random ad below 768 px, otherwise 2 different ones when more than one exists. */
export function pickPopupAds<T>(ads: readonly T[], viewportWidth: number, random: () => number = Math.random): T[] {
  const count = viewportWidth < ADS.popupTwoAdsMinWidth ? 1 : 2;
  return shuffle(ads, random).slice(0, count);
}

import { describe, expect, it } from 'vitest';
import { pickGridAds, pickPopupAds } from '../../../frontend/src/features/ads/pick';
import { ADS } from '../../../shared/constants';

const ads = (n: number) => Array.from({ length: n }, (_, i) => `ad-${i}`);

/** A seeded generator so every shuffle is reproducible. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
}

describe('grid ads', () => {
  it('puts two distinct ads on top and two others at the bottom when there are enough', () => {
    for (let seed = 1; seed < 50; seed++) {
      const { top, bottom } = pickGridAds(ads(6), seeded(seed));
      expect(top).toHaveLength(ADS.gridTop);
      expect(bottom).toHaveLength(ADS.gridBottom);
      expect(new Set([...top, ...bottom]).size).toBe(4);
    }
  });

  it('tops the bottom up from the top ads when fewer than two remain', () => {
    const { top, bottom } = pickGridAds(ads(3), seeded(7));
    expect(top).toHaveLength(2);
    expect(bottom).toHaveLength(2);
    expect(new Set(bottom).size).toBe(2);
    expect(bottom.filter((a) => !top.includes(a))).toHaveLength(1);
  });

  it('gives nothing for an empty list and one ad per slot for a single ad', () => {
    expect(pickGridAds([], seeded(1))).toEqual({ top: [], bottom: [] });
    expect(pickGridAds(['only'], seeded(1))).toEqual({ top: ['only'], bottom: ['only'] });
  });
});

describe('popup ads', () => {
  it('shows one ad below 768 px and two distinct ones at 768 px or more', () => {
    expect(pickPopupAds(ads(5), ADS.popupTwoAdsMinWidth - 1, seeded(3))).toHaveLength(1);
    const two = pickPopupAds(ads(5), ADS.popupTwoAdsMinWidth, seeded(3));
    expect(two).toHaveLength(2);
    expect(new Set(two).size).toBe(2);
  });

  it('shows what exists when there are fewer ads than slots', () => {
    expect(pickPopupAds(ads(1), 1440, seeded(3))).toEqual(['ad-0']);
    expect(pickPopupAds([], 1440, seeded(3))).toEqual([]);
  });
});

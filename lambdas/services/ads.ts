import { randomInt } from 'node:crypto';
import { ADS } from '../../shared/constants';
import type { Ad } from '../../shared/schemas/ads';
import { type AdItem, listAds, putAd } from '../adapters/ads-table';
import { adImageKey, publicUrl, putPublicObject } from '../adapters/image-bucket';
import { clock } from '../lib/clock';

export interface NewAd {
  id: string;
  /** The banner, WebP (the seed draws it so; an operator's upload is re-encoded by admin-ads.ts). */
  webp: Buffer;
  navigateUrl: string;
  alternateText?: string;
}

const toAd = (item: AdItem): Ad => ({
  id: item.id,
  navigateUrl: item.navigateUrl,
  imageUrl: item.imageUrl,
  alternateText: item.alternateText || ADS.defaultAltText,
});

/** Stores the banner under files/ads/ (immutable), then the ad record. */
export async function storeAd(input: NewAd): Promise<Ad> {
  const key = adImageKey(input.id);
  await putPublicObject(key, input.webp, 'image/webp');
  const item: AdItem = {
    id: input.id,
    navigateUrl: input.navigateUrl,
    imageUrl: publicUrl(key),
    imageKey: key,
    alternateText: input.alternateText?.trim() || ADS.defaultAltText,
    createdAt: clock.date().toISOString(),
  };
  await putAd(item);
  return toAd(item);
}

export async function allAds(): Promise<Ad[]> {
  return (await listAds()).map(toAd);
}

/** One ad picked uniformly, or undefined when there are none. */
export async function randomAd(): Promise<Ad | undefined> {
  const ads = await listAds();
  const pick = ads.length ? ads[randomInt(ads.length)] : undefined;
  return pick ? toAd(pick) : undefined;
}

import { createHash, randomInt } from 'node:crypto';
import { ADS } from '../../shared/constants';
import { adLinkSchema } from '../../shared/schemas/admin';
import type { Ad } from '../../shared/schemas/ads';
import { type AdEvent, addAdCount } from '../adapters/ad-counts';
import { type AdItem, getAd, listAds, putAd } from '../adapters/ads-table';
import { adImageKey, publicUrl, putPublicObject } from '../adapters/image-bucket';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { networkOf } from '../lib/network';
import { type RateLimit, tryConsume } from './rate-limit';

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

const DAY_MS = 24 * 3600 * 1000;

/** The UTC day of `ms`, `YYYY-MM-DD`: an ad's dates and its daily counts are UTC days. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether `ad` is served on `day`: enabled, and `day` within its start and end dates (inclusive, each optional). */
export function servedOn(ad: Pick<AdItem, 'enabled' | 'startsOn' | 'endsOn'>, day: string): boolean {
  return ad.enabled !== false && (!ad.startsOn || ad.startsOn <= day) && (!ad.endsOn || day <= ad.endsOn);
}

/**
 * Whether an event on `ad` at `now` counts (and a click redirects): served then, or within
 * ADS.clickGraceDays after its end date (a page opened before the ad ended is still open).
 */
function liveAt(ad: AdItem, now: number): boolean {
  return servedOn(ad, utcDay(now)) || (ad.enabled !== false && servedOn(ad, utcDay(now - ADS.clickGraceDays * DAY_MS)));
}

/** Served ads only: enabled (the index holds no other) and within their dates today. */
async function servedAds(): Promise<AdItem[]> {
  const today = utcDay(clock.now());
  return (await listAds()).filter((ad) => servedOn(ad, today));
}

export async function allAds(): Promise<Ad[]> {
  return (await servedAds()).map(toAd);
}

/** One served ad picked uniformly, or undefined when there are none. */
export async function randomAd(): Promise<Ad | undefined> {
  const ads = await servedAds();
  const pick = ads.length ? ads[randomInt(ads.length)] : undefined;
  return pick ? toAd(pick) : undefined;
}

const HOUR = 3600;
const capOf = (event: AdEvent): RateLimit =>
  event === 'impressions'
    ? { scope: 'ad-imp', limit: config().AD_IMPRESSIONS_PER_NETWORK_HOUR, windowSeconds: HOUR }
    : { scope: 'ad-click', limit: config().AD_CLICKS_PER_NETWORK_HOUR, windowSeconds: HOUR };

/**
 * Counts one event on a live ad for the day, unless the visitor's network (networkOf 'ad') already
 * added its hourly cap to this ad. No cookie and no visitor id is read or written; the cap's key is
 * the network and the ad, hashed, and expires with its window (rate-limit.ts).
 */
async function count(ad: AdItem, event: AdEvent, sourceIp: string, now: number): Promise<boolean> {
  const subject = createHash('sha256')
    .update(`${networkOf(sourceIp, 'ad')}#${ad.id}`)
    .digest('hex')
    .slice(0, 24);
  if (!(await tryConsume(capOf(event), subject, now))) return false;
  const day = utcDay(now);
  await addAdCount(ad.id, day, event, Math.floor((Date.parse(`${day}T00:00:00Z`) + ADS.statsKeepDays * DAY_MS) / 1000));
  return true;
}

/**
 * POST /api/ads/{id}/impression: counts when the ad exists and is live and the network is under its
 * cap; anything else is quietly not counted (the beacon's answer is 204 either way). Answers whether it counted.
 */
export async function countImpression(id: string, sourceIp: string): Promise<boolean> {
  const now = clock.now();
  const ad = await getAd(id);
  if (!ad || !liveAt(ad, now)) return false;
  return count(ad, 'impressions', sourceIp, now).catch((err: unknown) => {
    logger.warn('ad impression not counted', { adId: id, err });
    return false;
  });
}

/**
 * GET /api/ads/{id}/click: the address stored for this ad, read from its record and nothing else
 * (no parameter of the request is ever followed: no open redirect), the click counted on the way.
 * An unknown, disabled or ended ad (past the grace day) is a 404: there is nowhere of its own to send the visitor.
 */
export async function clickThrough(id: string, sourceIp: string): Promise<string> {
  const now = clock.now();
  const ad = await getAd(id);
  // The stored address is checked again by the console's own rule (an absolute https url) before it is followed.
  if (!ad || !liveAt(ad, now) || !adLinkSchema.safeParse(ad.navigateUrl).success) {
    throw new NotFoundError('This ad is no longer running.', 'ad_not_found');
  }
  await count(ad, 'clicks', sourceIp, now).catch((err: unknown) => logger.warn('ad click not counted', { adId: id, err }));
  return ad.navigateUrl;
}

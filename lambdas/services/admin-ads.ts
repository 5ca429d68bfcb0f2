import { randomUUID } from 'node:crypto';
import { ADS, MAX_UPLOAD_BYTES } from '../../shared/constants';
import { type AdDayCount, type AdminAd, type AdStats, datesInOrder } from '../../shared/schemas/admin';
import { readAdCounts } from '../adapters/ad-counts';
import { type AdItem, deleteAd, getAd, listAds, putAd } from '../adapters/ads-table';
import { adImageKey, deleteObjects, publicUrl, putPublicObject } from '../adapters/image-bucket';
import { clock } from '../lib/clock';
import { toCsv } from '../lib/csv';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../lib/errors';
import { loadSharp } from '../lib/sharp';
import { utcDay } from './ads';
import { audit } from './audit';
import { detectFileType } from './file-type';

/** The console's ads: every one, enabled or not; the public API reads only the enabled partition. */
const toAdminAd = (ad: AdItem, recent: AdminAd['recent']): AdminAd => ({
  id: ad.id,
  navigateUrl: ad.navigateUrl,
  imageUrl: ad.imageUrl,
  alternateText: ad.alternateText || ADS.defaultAltText,
  enabled: ad.enabled !== false,
  createdAt: ad.createdAt,
  ...(ad.startsOn ? { startsOn: ad.startsOn } : {}),
  ...(ad.endsOn ? { endsOn: ad.endsOn } : {}),
  recent,
});
const stateOf = (ad: AdItem) => ({
  navigateUrl: ad.navigateUrl,
  imageUrl: ad.imageUrl,
  alternateText: ad.alternateText,
  enabled: ad.enabled !== false,
  startsOn: ad.startsOn,
  endsOn: ad.endsOn,
});

const DAY_MS = 24 * 3600 * 1000;

/** The last ADS.statsDays UTC days of one ad, oldest first, every day present (0 where nothing was counted). */
async function lastDays(id: string): Promise<AdDayCount[]> {
  const today = clock.now();
  const days = Array.from({ length: ADS.statsDays }, (_, i) => utcDay(today - (ADS.statsDays - 1 - i) * DAY_MS));
  const counted = new Map((await readAdCounts(id, days[0] ?? '', days.at(-1) ?? '')).map((d) => [d.day, d]));
  return days.map((day) => counted.get(day) ?? { day, impressions: 0, clicks: 0 });
}
const totals = (days: AdDayCount[]) => ({
  impressions: days.reduce((n, d) => n + d.impressions, 0),
  clicks: days.reduce((n, d) => n + d.clicks, 0),
});

export async function listAllAds(): Promise<AdminAd[]> {
  const [enabled, disabled] = await Promise.all([listAds(true), listAds(false)]);
  const ads = [...enabled, ...disabled].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // One small query per ad (tens of ads, 30 items each at most), in parallel.
  return Promise.all(ads.map(async (ad) => toAdminAd(ad, totals(await lastDays(ad.id)))));
}

async function existing(id: string): Promise<AdItem> {
  const ad = await getAd(id);
  if (!ad) throw new NotFoundError('No such ad.', 'ad_not_found');
  return ad;
}

/** GET /api/admin/ads/{id}/stats: the last ADS.statsDays days of one ad. */
export async function adStats(id: string): Promise<AdStats> {
  await existing(id);
  return { id, days: await lastDays(id) };
}

/** Click-through rate as the console and the CSV write it: percent, two decimals ('' without impressions). */
const ctr = (d: Pick<AdDayCount, 'impressions' | 'clicks'>) => (d.impressions ? ((100 * d.clicks) / d.impressions).toFixed(2) : '');

/** GET /api/admin/ads/{id}/stats.csv: the sponsor's copy, one row per day, the ad's link and dates in every row. */
export async function adStatsCsv(id: string): Promise<string> {
  const ad = await existing(id);
  const days = await lastDays(id);
  return toCsv(
    ['day', 'impressions', 'clicks', 'ctrPercent', 'adId', 'link'],
    days.map((d) => [d.day, String(d.impressions), String(d.clicks), ctr(d), id, ad.navigateUrl]),
  );
}

/**
 * A banner decodes to at most this many pixels (4096 × 4096, 64 MB as RGBA), far above any ad
 * slot: a small file that claims a huge canvas (a 109 KB PNG of 3.6 GB) is refused from its header.
 */
const BANNER_MAX_PIXELS = 4096 * 4096;

const unreadable = () =>
  new ValidationError('The banner could not be read as an image.', { image: 'Not a readable image.' }, 'banner_unreadable');

/**
 * What a banner is stored at: twice the slot it is shown in (a grid tile, a popup column: 300 × 250 CSS px),
 * enough for a 2× screen. A larger upload is scaled down to fit (never up), keeping its shape.
 */
export const BANNER_BOX = { width: ADS.displayWidth * 2, height: ADS.displayHeight * 2 } as const;
/** WebP quality of a stored banner: a 600 × 500 seed banner is 8–12 kB at 82 (a PNG of it 41–48 kB), text still crisp. */
const BANNER_QUALITY = 82;

/**
 * Decodes and re-encodes a banner with sharp, so what is published is pixels sharp wrote, never the
 * uploaded bytes (metadata, trailing data and polyglots go). Every banner becomes a WebP within
 * BANNER_BOX, whatever was uploaded (an animated GIF keeps its first frame, transparency stays): a
 * category page shows two to four of them on a phone's first screen, where PNGs of 40–47 kB each
 * slowed its first picture (issue 25).
 */
async function reencode(bytes: Buffer): Promise<{ bytes: Buffer; ext: 'webp'; mime: string }> {
  const sharp = await loadSharp();
  // The header only (no decoding), so the limit is ours to apply: sharp's own would answer 'unreadable'.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > BANNER_MAX_PIXELS) {
    throw new ValidationError(
      `The banner must be at most ${BANNER_MAX_PIXELS.toLocaleString('en')} pixels (it is ${meta.width} × ${meta.height}).`,
      { image: 'Too many pixels.' },
      'banner_too_large',
    );
  }
  const encoded = await sharp(bytes, { limitInputPixels: BANNER_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ ...BANNER_BOX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: BANNER_QUALITY })
    .toBuffer()
    .catch(() => {
      throw unreadable();
    });
  return { bytes: encoded, ext: 'webp', mime: 'image/webp' };
}

/** A banner from a data URL: its type decided by its bytes like the forms' uploads (images only), then re-encoded. */
async function storeBanner(id: string, dataUrl: string): Promise<{ key: string; url: string }> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(`The banner must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const type = detectFileType(bytes.subarray(0, 64));
  if (type?.kind !== 'image') throw new UnsupportedMediaTypeError('The banner must be a PNG, JPEG, GIF or WebP image.');
  const banner = await reencode(bytes);
  // A new key per upload: banners are served as immutable, so a replaced one must change its url.
  const key = adImageKey(`${id}-${clock.now().toString(36)}`, banner.ext);
  await putPublicObject(key, banner.bytes, banner.mime);
  return { key, url: publicUrl(key) };
}

export async function createAd(
  actor: string,
  input: { navigateUrl: string; alternateText?: string; enabled: boolean; image: string; startsOn?: string; endsOn?: string },
): Promise<AdminAd> {
  const id = randomUUID();
  const banner = await storeBanner(id, input.image);
  const ad: AdItem = {
    id,
    navigateUrl: input.navigateUrl,
    imageUrl: banner.url,
    imageKey: banner.key,
    alternateText: input.alternateText || ADS.defaultAltText,
    createdAt: clock.date().toISOString(),
    enabled: input.enabled,
    ...(input.startsOn ? { startsOn: input.startsOn } : {}),
    ...(input.endsOn ? { endsOn: input.endsOn } : {}),
  };
  await putAd(ad);
  await audit(actor, 'ad-create', `ad:${id}`, undefined, stateOf(ad));
  return toAdminAd(ad, { impressions: 0, clicks: 0 });
}

export async function updateAd(
  actor: string,
  id: string,
  patch: {
    navigateUrl?: string;
    alternateText?: string;
    enabled?: boolean;
    image?: string;
    startsOn?: string | null;
    endsOn?: string | null;
  },
): Promise<AdminAd> {
  const before = await existing(id);
  const after: AdItem = { ...before };
  for (const key of ['startsOn', 'endsOn'] as const) {
    const value = patch[key];
    if (value === null) delete after[key];
    else if (value !== undefined) after[key] = value;
  }
  // The schema checks the order of the dates it was given; one given date against the stored other is checked here.
  if (!datesInOrder(after)) {
    throw new ValidationError('The end date comes before the start date.', { endsOn: 'Before the start date.' }, 'ad_dates_order');
  }
  if (patch.navigateUrl !== undefined) after.navigateUrl = patch.navigateUrl;
  if (patch.alternateText !== undefined) after.alternateText = patch.alternateText || ADS.defaultAltText;
  if (patch.enabled !== undefined) after.enabled = patch.enabled;
  if (patch.image !== undefined) {
    const banner = await storeBanner(id, patch.image);
    after.imageUrl = banner.url;
    after.imageKey = banner.key;
  }
  await putAd(after);
  if (patch.image !== undefined) await deleteObjects([before.imageKey ?? adImageKey(id, 'png')]);
  await audit(actor, 'ad-update', `ad:${id}`, stateOf(before), stateOf(after));
  return toAdminAd(after, totals(await lastDays(id)));
}

export async function removeAd(actor: string, id: string): Promise<void> {
  const before = await existing(id);
  await deleteAd(id);
  await deleteObjects([before.imageKey ?? adImageKey(id, 'png')]);
  await audit(actor, 'ad-delete', `ad:${id}`, stateOf(before), undefined);
}

import { randomUUID } from 'node:crypto';
import { ADS, MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { AdminAd } from '../../shared/schemas/admin';
import { type AdItem, deleteAd, getAd, listAds, putAd } from '../adapters/ads-table';
import { adImageKey, deleteObjects, publicUrl, putPublicObject } from '../adapters/image-bucket';
import { clock } from '../lib/clock';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../lib/errors';
import { loadSharp } from '../lib/sharp';
import { audit } from './audit';
import { detectFileType } from './file-type';

/** The console's ads: every one, enabled or not; the public API reads only the enabled partition. */
const toAdminAd = (ad: AdItem): AdminAd => ({
  id: ad.id,
  navigateUrl: ad.navigateUrl,
  imageUrl: ad.imageUrl,
  alternateText: ad.alternateText || ADS.defaultAltText,
  enabled: ad.enabled !== false,
  createdAt: ad.createdAt,
});
const stateOf = (ad: AdItem) => ({
  navigateUrl: ad.navigateUrl,
  imageUrl: ad.imageUrl,
  alternateText: ad.alternateText,
  enabled: ad.enabled !== false,
});

export async function listAllAds(): Promise<AdminAd[]> {
  const [enabled, disabled] = await Promise.all([listAds(true), listAds(false)]);
  return [...enabled, ...disabled].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(toAdminAd);
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
  input: { navigateUrl: string; alternateText?: string; enabled: boolean; image: string },
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
  };
  await putAd(ad);
  await audit(actor, 'ad-create', `ad:${id}`, undefined, stateOf(ad));
  return toAdminAd(ad);
}

export async function updateAd(
  actor: string,
  id: string,
  patch: { navigateUrl?: string; alternateText?: string; enabled?: boolean; image?: string },
): Promise<AdminAd> {
  const before = await getAd(id);
  if (!before) throw new NotFoundError('No such ad.', 'ad_not_found');
  const after: AdItem = { ...before };
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
  return toAdminAd(after);
}

export async function removeAd(actor: string, id: string): Promise<void> {
  const before = await getAd(id);
  if (!before) throw new NotFoundError('No such ad.', 'ad_not_found');
  await deleteAd(id);
  await deleteObjects([before.imageKey ?? adImageKey(id, 'png')]);
  await audit(actor, 'ad-delete', `ad:${id}`, stateOf(before), undefined);
}

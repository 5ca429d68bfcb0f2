import { randomUUID } from 'node:crypto';
import { ADS, MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { AdminAd } from '../../shared/schemas/admin';
import { type AdItem, deleteAd, getAd, listAds, putAd } from '../adapters/ads-table';
import { adImageKey, deleteObjects, publicUrl, putPublicObject } from '../adapters/image-bucket';
import { clock } from '../lib/clock';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors';
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

/** A banner from a data URL, its type decided by its bytes like the forms' uploads (images only). */
async function storeBanner(id: string, dataUrl: string): Promise<{ key: string; url: string }> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(`The banner must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const type = detectFileType(bytes.subarray(0, 64));
  if (type?.kind !== 'image') throw new UnsupportedMediaTypeError('The banner must be a PNG, JPEG, GIF or WebP image.');
  // A new key per upload: banners are served as immutable, so a replaced one must change its url.
  const key = adImageKey(`${id}-${clock.now().toString(36)}`).replace(/\.png$/, `.${type.ext}`);
  await putPublicObject(key, bytes, type.mime);
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
  if (patch.image !== undefined) await deleteObjects([before.imageKey ?? adImageKey(id)]);
  await audit(actor, 'ad-update', `ad:${id}`, stateOf(before), stateOf(after));
  return toAdminAd(after);
}

export async function removeAd(actor: string, id: string): Promise<void> {
  const before = await getAd(id);
  if (!before) throw new NotFoundError('No such ad.', 'ad_not_found');
  await deleteAd(id);
  await deleteObjects([before.imageKey ?? adImageKey(id)]);
  await audit(actor, 'ad-delete', `ad:${id}`, stateOf(before), undefined);
}

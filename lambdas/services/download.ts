import { IMAGE_CHECK_REFUSED, isHeldBack } from '../../shared/image-check';
import { imageKeys, presignDownload, privateImageKeys } from '../adapters/image-bucket';
import { getImage } from '../adapters/images-table';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../lib/errors';
import { HIDDEN_MESSAGE, readerAccess } from './private-images';

/**
 * Download rules: the `path` must name one of our stored originals, `/files/images/<id>.png`, given
 * relative or as an absolute http(s) url on one of our own hosts, or be the presigned url of a
 * visitor's private original that their gallery answered (services/private-images.ts). Everything
 * else is refused before any read; an unknown id is 404 after one GetItem; S3 is never read (the
 * answer is a presigned url). A visitor's picture that is not shared is downloaded by its author only.
 */
const IMAGE_PATH = /^\/files\/images\/([A-Za-z0-9_-]{1,64})\.png$/;
/** A presigned url's path: virtual-hosted in AWS (`/private/…`), path-style locally (`/<bucket>/private/…`). */
const PRIVATE_PATH = /^\/(?:[a-z0-9.-]{3,63}\/)?private\/images\/([A-Za-z0-9_-]{1,64})\.png$/;

/**
 * The id in a presigned url of a private original, or undefined for any other value. Its host is not
 * checked: the url only names which picture; whether the caller may have it is the author check.
 */
export function privateImageId(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.hash || !url.searchParams.has('X-Amz-Signature')) return undefined;
  return PRIVATE_PATH.exec(url.pathname)?.[1];
}

export function imageIdFromPath(raw: string, ownHosts: readonly string[]): string {
  const value = raw.trim();
  let path = value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(value.startsWith('//') ? `https:${value}` : value);
    } catch {
      throw new ValidationError('path is not a valid url.', { path: 'Not a valid url.' }, 'invalid_path');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ValidationError('Only http(s) image urls can be downloaded.', { path: 'Not an http(s) url.' }, 'invalid_path');
    }
    if (!ownHosts.includes(url.host.toLowerCase())) {
      throw new ValidationError('Only images of this site can be downloaded.', { path: 'Another host.' }, 'foreign_host');
    }
    if (url.search || url.hash || url.username || url.password) {
      throw new ValidationError('path must be a plain image url.', { path: 'Unexpected url parts.' }, 'invalid_path');
    }
    // URL() resolves dot segments; look at what was written, not what it resolved to.
    path = value.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*/i, '');
  }
  if (path.includes('..') || path.includes('%') || path.includes('\\')) {
    throw new ValidationError('path must not contain dot segments or escapes.', { path: 'Not allowed.' }, 'invalid_path');
  }
  const id = IMAGE_PATH.exec(path)?.[1];
  if (!id) throw new ValidationError('path is not an image of this site.', { path: 'Expected /files/images/<id>.png.' }, 'invalid_path');
  return id;
}

/** `artloom-<slug of the prompt>-<first 8 of the id>.png`, safe inside a quoted Content-Disposition. */
export function downloadFileName(prompt: string, id: string): string {
  const slug =
    prompt
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'image';
  return `artloom-${slug}-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}.png`;
}

/**
 * The download's presigned url, by the one reader rule (services/private-images.ts readerView): a
 * visitor's unshared picture for its author only, a hidden picture for nobody (its author is told
 * it is hidden, 403 image_hidden; anyone else gets the 404 an unknown id gets).
 */
export async function downloadUrl(rawPath: string, ownHosts: readonly string[], userId?: string): Promise<string> {
  const id = privateImageId(rawPath) ?? imageIdFromPath(rawPath, ownHosts);
  const image = await getImage(id);
  // Someone else's private picture answers as an unknown one does: ids of others are not revealed.
  const access = image ? readerAccess(image, userId) : 'none';
  if (!image || access === 'none') throw new NotFoundError('No such image.', 'image_not_found');
  // A picture the image check held back: its original goes to nobody, its author included (docs/safety.md).
  if (isHeldBack(image.imageCheck))
    throw new ConflictError('Our automatic image check held this picture back: it cannot be downloaded.', IMAGE_CHECK_REFUSED);
  if (access === 'hidden') throw new DomainError(403, 'image_hidden', HIDDEN_MESSAGE);
  const key = image.owner === 'user' ? privateImageKeys(id).original : imageKeys(id).original;
  return presignDownload(key, downloadFileName(image.prompt, id));
}

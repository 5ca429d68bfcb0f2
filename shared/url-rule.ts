/**
 * The spec's url rule (section 3): relative urls are prefixed with the files host (the API base
 * without its trailing /api), absolute http(s) urls are kept, an empty value stays empty.
 */
const ABSOLUTE = /^https?:\/\//i;

/** The files host for an API base: 'https://x.com/api' -> 'https://x.com'; '/api' -> ''. */
export function filesHostFromApiBase(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
}

export function resolveImageUrl(url: string | null | undefined, filesHost: string): string {
  if (!url) return '';
  if (ABSOLUTE.test(url)) return url;
  const host = filesHost.replace(/\/+$/, '');
  return `${host}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Thumbnail url with the spec's fallback to the full url. */
export function resolveThumbnailUrl(thumbnailUrl: string | null | undefined, url: string | null | undefined, filesHost: string): string {
  return resolveImageUrl(thumbnailUrl || url, filesHost);
}

/**
 * The thumbnail widths (issue 25): StoreImage makes each picture at these widths (px, never
 * enlarged), the largest being the record's `thumbnailUrl`, the others listed in `thumbnails`.
 * Grids pick one with srcset/sizes; a record from before has `thumbnailUrl` alone (512 px).
 */
export const THUMBNAIL_WIDTHS = [256, 384, 512] as const;
export const THUMBNAIL_MAX_WIDTH = 512;

export interface SizedThumbnail {
  url: string;
  width: number;
}

/**
 * The `srcset` of a picture: every sized thumbnail plus `thumbnailUrl` at its own width (the
 * picture's width up to THUMBNAIL_MAX_WIDTH). Undefined for a record without sized thumbnails: the
 * browser then loads `src`, as before.
 */
export function thumbnailSrcSet(image: {
  thumbnailUrl: string;
  width: number;
  thumbnails?: readonly SizedThumbnail[];
}): string | undefined {
  if (!image.thumbnails?.length || !image.thumbnailUrl) return undefined;
  const largest = { url: image.thumbnailUrl, width: Math.min(image.width, THUMBNAIL_MAX_WIDTH) };
  const byWidth = new Map<number, string>();
  for (const t of [...image.thumbnails, largest]) if (!byWidth.has(t.width)) byWidth.set(t.width, t.url);
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
}

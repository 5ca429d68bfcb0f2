/**
 * File types decided by magic bytes. The declared content type and the file name are never
 * trusted: a PNG renamed `.txt` is a PNG, a text file renamed `.png` is refused. SVG is refused on
 * purpose (it is XML that can carry script), and so is anything not listed here.
 */
export interface DetectedType {
  mime: string;
  ext: string;
  kind: 'image' | 'video';
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * ISO base media (ftyp) major brands we treat as video. Image brands of the same container
 * (heic, avif, mif1) are not listed, so HEIC/AVIF are refused like any other unknown type.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'mmp4',
  'dash',
  'MSNV',
  'f4v ',
]);
const MOV_BRAND = 'qt  ';

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

export function detectFileType(head: Buffer): DetectedType | undefined {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === MOV_BRAND) return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    if (MP4_BRANDS.has(brand)) return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
    return undefined;
  }
  // EBML is shared by Matroska and WebM; only the WebM doc type is accepted.
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML) && ascii(head, 4, Math.min(head.length, 64)).includes('webm')) {
    return { mime: 'video/webm', ext: 'webm', kind: 'video' };
  }
  return undefined;
}

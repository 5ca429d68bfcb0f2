import { crc32 } from 'node:zlib';
import { drawnBy, PRODUCT_NAME, type Renderer } from '../../shared/constants';

/**
 * Provenance in every stored original (so in every download and every /files link): an XMP packet
 * in the PNG's uncompressed iTXt chunk with keyword `XML:com.adobe.xmp`, as XMP part 3 places it.
 * It says the picture was made by a trained model (IPTC digital source type
 * 'trainedAlgorithmicMedia', which search engines and Adobe's tools read) — or, for the local
 * preview renderer, by an algorithm ('algorithmicMedia', the renderer named as the model) — with
 * the prompt, the model, the seed, the date and the site.
 *
 * Why not sharp's withXmp: libvips writes the packet as a compressed zTXt chunk (ImageMagick's
 * convention), which the XMP specification does not name and Adobe's readers skip, and it
 * re-encodes the PNG (43 ms for a 1024x768 picture here). The chunk is inserted after IHDR instead:
 * the image data stays byte for byte, and sharp (libvips) reads the packet back (the unit test).
 */
export const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
/** IPTC's term for media made by an algorithm with no trained model: what the preview renderer draws. */
export const ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia';
/** Artloom's own XMP namespace for the fields no standard schema has (model, seed, image id). */
const ARTLOOM_XMP_NS = 'urn:artloom:xmp:generation:1.0';

export interface Provenance {
  id: string;
  prompt: string;
  modelName: string;
  modelVersion: string;
  /** What drew it; absent reads as the model (ComfyUI). */
  renderer?: Renderer;
  seed: number;
  createdAt: string;
}

const escapeXml = (value: string) =>
  value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function provenanceXmp(p: Provenance): string {
  // The preview renderer draws without any model: the packet names it and says 'algorithm', not 'trained model'.
  const preview = p.renderer === 'preview';
  const model = preview ? drawnBy(p) : p.modelName;
  const tool = preview ? drawnBy(p) : `${p.modelName} ${p.modelVersion}`;
  const attr = (name: string, value: string | number) => `\n    ${name}="${escapeXml(String(value))}"`;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:artloom="${ARTLOOM_XMP_NS}"${attr('Iptc4xmpExt:DigitalSourceType', preview ? ALGORITHMIC_MEDIA : TRAINED_ALGORITHMIC_MEDIA)}${attr(
      'xmp:CreatorTool',
      `${PRODUCT_NAME} (${tool})`,
    )}${attr('xmp:CreateDate', p.createdAt)}${attr('photoshop:Credit', PRODUCT_NAME)}${attr('artloom:Model', model)}${
      preview ? '' : attr('artloom:ModelVersion', p.modelVersion)
    }${attr('artloom:Seed', p.seed)}${attr('artloom:ImageId', p.id)}>`,
    `   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(p.prompt)}</rdf:li></rdf:Alt></dc:description>`,
    `   <dc:creator><rdf:Seq><rdf:li>${PRODUCT_NAME}</rdf:li></rdf:Seq></dc:creator>`,
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

const XMP_KEYWORD = 'XML:com.adobe.xmp';
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG with its provenance packet right after IHDR; any XMP chunk it had is dropped. */
export function withProvenance(png: Buffer, p: Provenance): Buffer {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  // keyword, \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, UTF-8 text
  const itxt = chunk('iTXt', Buffer.concat([Buffer.from(`${XMP_KEYWORD}\0\0\0\0\0`, 'latin1'), Buffer.from(provenanceXmp(p), 'utf8')]));
  const parts: Buffer[] = [png.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const whole = png.subarray(at, at + 12 + length);
    const isXmp =
      (type === 'iTXt' || type === 'zTXt') && png.toString('latin1', at + 8, at + 8 + XMP_KEYWORD.length + 1) === `${XMP_KEYWORD}\0`;
    if (!isXmp) parts.push(whole);
    if (type === 'IHDR') parts.push(itxt);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}

/** The XMP packet of a PNG, read from its iTXt chunk (undefined without one). */
export function readXmp(png: Buffer): string | undefined {
  const keyword = XMP_KEYWORD;
  let at = 8; // after the signature
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'iTXt' && data.toString('latin1', 0, keyword.length) === keyword && data[keyword.length] === 0) {
      // keyword \0, compression flag, method, language tag \0, translated keyword \0, text
      const compressed = data[keyword.length + 1] === 1;
      let p = keyword.length + 3;
      p = data.indexOf(0, p) + 1;
      p = data.indexOf(0, p) + 1;
      if (compressed) return undefined; // sharp writes it uncompressed; a compressed packet is not ours
      return data.subarray(p).toString('utf8');
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return undefined;
}

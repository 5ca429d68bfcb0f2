import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../lambdas/services/file-type';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const ftyp = (brand: string) => Buffer.concat([hex('00000018'), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(12)]);

describe('detectFileType', () => {
  it.each([
    ['PNG', hex('89504e470d0a1a0a 0000000d49484452'), 'image/png'],
    ['JPEG', hex('ffd8ffe000104a464946'), 'image/jpeg'],
    ['GIF87a', Buffer.from('GIF87a\x01\x00', 'latin1'), 'image/gif'],
    ['GIF89a', Buffer.from('GIF89a\x01\x00', 'latin1'), 'image/gif'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    ['MP4 isom', ftyp('isom'), 'video/mp4'],
    ['MP4 mp42', ftyp('mp42'), 'video/mp4'],
    ['MOV', ftyp('qt  '), 'video/quicktime'],
    ['WebM', Buffer.concat([hex('1a45dfa3 9f 4286 81 01 4282 84'), Buffer.from('webm')]), 'video/webm'],
  ])('recognises %s by its bytes', (_name, head, mime) => {
    expect(detectFileType(head)?.mime).toBe(mime);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG with XML prolog', Buffer.from('<?xml version="1.0"?><svg/>')],
    ['plain text', Buffer.from('hello, this is not an image')],
    ['empty', Buffer.alloc(0)],
    ['a truncated PNG signature', hex('89504e47')],
    ['RIFF that is not WebP (WAV)', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WAVEfmt ')])],
    ['HEIC (ftyp image brand)', ftyp('heic')],
    ['AVIF (ftyp image brand)', ftyp('avif')],
    ['Matroska', Buffer.concat([hex('1a45dfa3 a3 4286 81 01'), Buffer.from('matroska')])],
    ['PDF', Buffer.from('%PDF-1.7')],
    ['ZIP', hex('504b0304')],
  ])('refuses %s', (_name, head) => {
    expect(detectFileType(head)).toBeUndefined();
  });
});

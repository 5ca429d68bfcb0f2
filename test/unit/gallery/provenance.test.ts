import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ALGORITHMIC_MEDIA, provenanceXmp, readXmp, TRAINED_ALGORITHMIC_MEDIA, withProvenance } from '../../../lambdas/services/provenance';

const meta = {
  id: 'img-1',
  prompt: 'A fox & a "hare" <at dawn>',
  modelName: 'flux_schnell',
  modelVersion: '1.0',
  seed: 123456789,
  createdAt: '2026-11-23T10:00:00.000Z',
};

async function picture(): Promise<Buffer> {
  const raw = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) % 251;
  return sharp(raw, { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

describe('provenance', () => {
  it('writes an XMP packet that reads back from the PNG bytes with every field', async () => {
    const png = withProvenance(await picture(), meta);
    const xmp = readXmp(png);
    expect(xmp).toBeDefined();
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`);
    expect(xmp).toContain('A fox &amp; a &quot;hare&quot; &lt;at dawn&gt;');
    expect(xmp).toContain('artloom:Model="flux_schnell"');
    expect(xmp).toContain('artloom:Seed="123456789"');
    expect(xmp).toContain('xmp:CreateDate="2026-11-23T10:00:00.000Z"');
    expect(xmp).toContain('<rdf:li>Artloom</rdf:li>');
    // sharp, reading the same file, finds the same packet.
    expect((await sharp(png).metadata()).xmp?.toString('utf8')).toBe(xmp);
  });

  it('names the preview renderer as the maker of what it drew, and no trained model', () => {
    const xmp = provenanceXmp({ ...meta, renderer: 'preview' });
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${ALGORITHMIC_MEDIA}"`);
    expect(xmp).toContain('artloom:Model="Artloom preview renderer (no GPU, no AI)"');
    expect(xmp).toContain('xmp:CreatorTool="Artloom (Artloom preview renderer (no GPU, no AI))"');
    expect(xmp).not.toContain('flux');
    expect(provenanceXmp({ ...meta, renderer: 'comfyui' })).toContain('artloom:Model="flux_schnell"');
  });

  it('leaves the pixels unchanged', async () => {
    const original = await picture();
    const marked = withProvenance(original, meta);
    const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(marked).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it('replaces an earlier packet (also the zTXt one libvips writes) instead of adding a second', async () => {
    const vips = await sharp(await picture())
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')
      .png()
      .toBuffer();
    const once = withProvenance(vips, meta);
    const twice = withProvenance(once, { ...meta, seed: 7 });
    expect(twice.toString('latin1').split('XML:com.adobe.xmp').length - 1).toBe(1);
    expect(readXmp(twice)).toContain('artloom:Seed="7"');
    expect(() => withProvenance(Buffer.from('not a png at all, not at all, no'), meta)).toThrow('not a PNG');
  });

  it('finds no packet in a PNG without one, and drops characters XML cannot carry', async () => {
    expect(readXmp(await picture())).toBeUndefined();
    expect(provenanceXmp({ ...meta, prompt: 'bell\u0007 ok' })).toContain('bell ok');
  });
});

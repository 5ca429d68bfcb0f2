import { randomUUID } from 'node:crypto';
import type { SaveImageRequest, SaveImageResponse } from '../../shared/schemas/gallery';
import { ValidationError } from '../lib/errors';
import { loadSharp } from '../lib/sharp';
import { storeImage } from './image-store';

/**
 * The operator's import (POST /api/gallery/save): an existing picture, sent as a data URL, stored
 * as an operator image in the chosen category. PNG, JPEG and WebP are accepted and stored as PNG.
 */
const DATA_URL = /^data:image\/([a-z+]+);base64,([A-Za-z0-9+/]*={0,2})$/;
const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
/** 40 megapixels: more than any ratio we generate (1920x816), far below sharp's default limit. */
const MAX_IMPORT_PIXELS = 40_000_000;

async function decodeImport(dataUrl: string): Promise<{ png: Buffer; width: number; height: number }> {
  const match = DATA_URL.exec(dataUrl.replace(/\s+/g, ''));
  const invalid = (message: string) => new ValidationError(message, { base64Image: message }, 'invalid_image');
  if (!match?.[2]) throw invalid('base64Image must be a base64 data URL of an image.');
  const bytes = Buffer.from(match[2], 'base64');
  const sharp = await loadSharp();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMPORT_PIXELS }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw invalid('base64Image is not a readable image.');
  }
  if (!format || !ACCEPTED.has(format) || !width || !height) throw invalid('base64Image must be a PNG, JPEG or WebP image.');
  if (width * height > MAX_IMPORT_PIXELS) throw invalid('base64Image is too large.');
  const png = format === 'png' ? bytes : await sharp(bytes, { limitInputPixels: MAX_IMPORT_PIXELS }).png().toBuffer();
  return { png, width, height };
}

export async function importImage(request: SaveImageRequest): Promise<SaveImageResponse & { id: string }> {
  const { png, width, height } = await decodeImport(request.base64Image);
  const image = await storeImage({
    id: randomUUID(),
    png,
    prompt: request.prompt,
    aspectRatio: request.aspectRatio,
    width,
    height,
    seed: 0,
    owner: { kind: 'admin' },
    category: request.category,
    modelName: request.modelName,
    modelVersion: request.modelVersion,
    steps: request.steps,
  });
  return { id: image.id, fileName: image.fileName, url: image.url, thumbnail: image.thumbnailUrl };
}

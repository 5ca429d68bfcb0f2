import { DEFAULT_CATEGORY, MODEL_NAME, MODEL_STEPS, MODEL_VERSION, type Renderer } from '../../shared/constants';
import type { ImageCheckResult } from '../../shared/image-check';
import { type GalleryImage, toGalleryImage } from '../../shared/schemas/gallery';
import { THUMBNAIL_MAX_WIDTH, THUMBNAIL_WIDTHS } from '../../shared/thumbnails';
import {
  deleteObjects,
  imageKeys,
  privateImageKeys,
  publicUrl,
  putPrivateObject,
  putPublicObject,
  sizedThumbnailKey,
} from '../adapters/image-bucket';
import { insertImage, removeImage } from '../adapters/image-transactions';
import { type CategoryMeta, getCategoryMeta, getFeaturedCount, getImage, getSlot, type ImageItem } from '../adapters/images-table';
import { clock } from '../lib/clock';
import { AGAIN, retry } from '../lib/retry';
import { loadSharp } from '../lib/sharp';
import { storedKeys } from './private-images';
import { withProvenance } from './provenance';
import { countStorage } from './stats';

/**
 * An image to store (the generation flow's StoreImage step and the operator's import): the API
 * image's own fields (its id caller-chosen — the job id for generation — so storing the same id
 * twice is idempotent) and the original PNG; names, urls and dates are decided when it is stored.
 */
export interface NewImage extends Pick<GalleryImage, 'id' | 'prompt' | 'aspectRatio' | 'width' | 'height' | 'seed'> {
  /** The original, as generated. */
  png: Buffer;
  owner: { kind: 'user'; userId: string } | { kind: 'admin' };
  /** 'default' for visitors, a category API value for operator images. */
  category: string;
  modelName?: string;
  modelVersion?: string;
  /**
   * What drew it (the generation flow knows; an operator's import states only its model, so it
   * has none and reads as the model's): the picture page, its link preview and the XMP name it.
   */
  renderer?: Renderer;
  steps?: number;
  /**
   * Store it hidden from the start (an operator image the image check held back): listed nowhere
   * public, not in the featured sequence or its category, until the operator unhides it.
   */
  hiddenBy?: string;
  /** The worker's image check (generation only; an operator's import has none). */
  imageCheck?: ImageCheckResult;
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_ATTEMPTS = 8;

class ImageStoreConflictError extends Error {}

/** What a write that lost every try to concurrent writers throws. */
export const conflict = (what: string) => (): never => {
  throw new ImageStoreConflictError(`${what}: too many concurrent writers`);
};

/**
 * The WebP thumbnails: the largest (THUMBNAIL_MAX_WIDTH, never enlarged) and each smaller width of
 * THUMBNAIL_WIDTHS below the picture's own, for srcset. WebP alone, not AVIF: AVIF took 4x the
 * encode time per picture in this step (`npm run bench -- thumbnails`, docs/frontend.md).
 */
async function makeThumbnails(
  png: Buffer,
  width: number,
  withSizes: boolean,
): Promise<{ largest: Buffer; sized: { width: number; body: Buffer }[] }> {
  const sharp = await loadSharp();
  const encode = (w: number) => sharp(png).resize({ width: w, withoutEnlargement: true }).webp({ quality: 80, effort: 2 }).toBuffer();
  // The PNG's own width (its header), not the record's, decides: a srcset width must be the file's.
  const actual = (await sharp(png).metadata()).width ?? width;
  const widths = withSizes ? THUMBNAIL_WIDTHS.filter((w) => w < Math.min(actual, THUMBNAIL_MAX_WIDTH)) : [];
  const [largest, ...sized] = await Promise.all([encode(THUMBNAIL_MAX_WIDTH), ...widths.map(encode)]);
  return { largest: largest as Buffer, sized: widths.map((w, i) => ({ width: w, body: sized[i] as Buffer })) };
}

/** The object keys of an image's smaller thumbnails, from its record (a record from before has none). */
const sizedKeys = (record: Pick<ImageItem, 'id' | 'thumbnails'>) =>
  (record.thumbnails ?? []).map((t) => sizedThumbnailKey(record.id, t.width));

/**
 * A category's `lastUpdated` strictly increases on every change, even two changes in the same
 * millisecond, so a browser cache keyed on it is always invalidated.
 */
export function nextLastUpdated(prev: CategoryMeta | undefined, now = clock.now()): string {
  const prevMs = prev ? Date.parse(prev.lastUpdated) : Number.NaN;
  return new Date(Number.isFinite(prevMs) && prevMs >= now ? prevMs + 1 : now).toISOString();
}

export const isCategory = (category: string) => category !== DEFAULT_CATEGORY;

/**
 * Stores the objects first (original PNG + WebP thumbnails), then the record(s), so a record never
 * points at a missing object. An operator's are public and immutable, with the smaller thumbnail
 * widths for srcset (the public pages' tiles); a visitor's go under the private prefix
 * (services/private-images.ts) with the one 512 px thumbnail (its author's gallery, through a
 * presigned url; sharing copies that one), while the record's urls name the public keys a shared
 * copy would take. Same id twice: the first record wins and is returned.
 */
export async function storeImage(input: NewImage): Promise<GalleryImage> {
  if (!ID_SHAPE.test(input.id)) throw new Error(`image id must match ${ID_SHAPE}`);
  const existing = await getImage(input.id, true);
  if (existing) return toGalleryImage(existing);

  const visitors = input.owner.kind === 'user';
  const objects = visitors ? privateImageKeys(input.id) : imageKeys(input.id);
  const put = visitors ? putPrivateObject : putPublicObject;
  const createdAt = clock.date().toISOString();
  const modelName = input.modelName ?? MODEL_NAME;
  const modelVersion = input.modelVersion ?? MODEL_VERSION;
  // The original carries its provenance (prompt, model, seed, date, 'made by a trained model'): services/provenance.ts.
  const original = withProvenance(input.png, {
    id: input.id,
    prompt: input.prompt,
    modelName,
    modelVersion,
    ...(input.renderer ? { renderer: input.renderer } : {}),
    seed: input.seed,
    createdAt,
  });
  const thumbnails = await makeThumbnails(input.png, input.width, !visitors);
  await Promise.all([
    put(objects.original, original, 'image/png'),
    put(objects.thumbnail, thumbnails.largest, 'image/webp'),
    ...thumbnails.sized.map((t) => putPublicObject(sizedThumbnailKey(input.id, t.width), t.body, 'image/webp')),
  ]);

  const admin = input.owner.kind === 'admin';
  const record: ImageItem = {
    id: input.id,
    fileName: `${input.id}.png`,
    prompt: input.prompt,
    createdAt,
    url: publicUrl(imageKeys(input.id).original),
    thumbnailUrl: publicUrl(imageKeys(input.id).thumbnail),
    ...(thumbnails.sized.length
      ? { thumbnails: thumbnails.sized.map((t) => ({ url: publicUrl(sizedThumbnailKey(input.id, t.width)), width: t.width })) }
      : {}),
    aspectRatio: input.aspectRatio,
    modelName,
    modelVersion,
    ...(input.renderer ? { renderer: input.renderer } : {}),
    steps: input.steps ?? MODEL_STEPS,
    category: input.category,
    width: input.width,
    height: input.height,
    seed: input.seed,
    owner: admin ? 'admin' : 'user',
    ...(input.owner.kind === 'user' ? { userId: input.owner.userId } : {}),
    ...(input.imageCheck ? { imageCheck: input.imageCheck } : {}),
    ...(input.hiddenBy ? { hidden: true, hiddenAt: clock.date().toISOString(), hiddenBy: input.hiddenBy } : {}),
    storedBytes: original.length + thumbnails.largest.length + thumbnails.sized.reduce((n, t) => n + t.body.length, 0),
  };
  // Only operator images enter a category (a visitor's save is always 'default'); a hidden one
  // enters neither its category nor the featured sequence (as setImageState leaves a hidden image).
  const featured = admin && !record.hidden;
  const inCategory = featured && isCategory(record.category);

  return retry(
    async () => {
      const [count, prev] = await Promise.all([
        featured ? getFeaturedCount(true) : Promise.resolve(0),
        inCategory ? getCategoryMeta(record.category, true) : Promise.resolve(undefined),
      ]);
      const item = featured ? { ...record, featuredSeq: count } : record;
      const outcome = await insertImage(
        item,
        featured ? { seq: count } : undefined,
        inCategory ? { prev, lastUpdated: nextLastUpdated(prev) } : undefined,
      );
      if (outcome === 'ok') {
        await countStorage(record.storedBytes ?? 0);
        return toGalleryImage(item);
      }
      const winner = outcome === 'exists' ? await getImage(input.id, true) : undefined;
      return winner ? toGalleryImage(winner) : AGAIN;
    },
    { attempts: MAX_ATTEMPTS, exhausted: conflict(`could not store image ${input.id}`) },
  );
}

/**
 * Removes an image: the record (and, for operator images, its featured slot, filled by the last one)
 * and the category's metadata in one transaction, then the objects. Unknown ids are a no-op.
 */
export async function deleteImage(id: string): Promise<void> {
  await retry(() => deleteOnce(id), { attempts: MAX_ATTEMPTS, exhausted: conflict(`could not delete image ${id}`) });
}

async function deleteOnce(id: string): Promise<undefined | typeof AGAIN> {
  const record = await getImage(id, true);
  if (!record) return;
  const admin = record.owner === 'admin' && record.featuredSeq !== undefined;
  const inCategory = record.owner === 'admin' && !record.hidden && isCategory(record.category);
  const [count, prev] = await Promise.all([
    admin ? getFeaturedCount(true) : Promise.resolve(0),
    inCategory ? getCategoryMeta(record.category, true) : Promise.resolve(undefined),
  ]);
  const moved = admin && record.featuredSeq !== count - 1 ? await getSlot(count - 1) : undefined;
  const outcome = await removeImage(
    record,
    admin ? { count, moved } : undefined,
    inCategory ? { prev, lastUpdated: nextLastUpdated(prev) } : undefined,
  );
  if (outcome !== 'ok') return AGAIN;
  await deleteObjects([...storedKeys(record), ...sizedKeys(record)]);
  await countStorage(-(record.storedBytes ?? 0));
}

import { MODEL_NAME } from '../../shared/constants';
import { isHeldBack } from '../../shared/image-check';
import type { GalleryImage } from '../../shared/schemas/gallery';
import { presignView } from '../adapters/image-bucket';
import type { JobItem } from '../adapters/jobs-table';
import { config } from '../lib/config';
import { pictureId } from '../lib/picture-id';

/**
 * The pictures of a running job that the worker has finished and staged, as its author may have them
 * before StoreImage stores them (issue 32: the studio fills its grid as each arrives): a presigned url
 * of the staging object, in index order. Nobody else sees a picture before it is stored (none is shared
 * yet), and a held-back one waits for its store, which makes the blurred thumbnail its author is shown.
 */
export async function stagedImages(job: JobItem, readerId: string | undefined): Promise<GalleryImage[]> {
  if (!job.pictures?.length || readerId === undefined || readerId !== job.userId || job.category) return [];
  const shown = job.pictures.filter((p) => !isHeldBack(p.imageCheck)).sort((a, b) => a.index - b.index);
  return Promise.all(
    shown.map(async (p) => {
      const url = await presignView(p.stagingKey);
      const id = pictureId(job.jobId, p.index);
      return {
        id,
        fileName: `${id}.png`,
        prompt: job.prompt,
        createdAt: job.createdAt,
        url,
        thumbnailUrl: url,
        aspectRatio: job.aspectRatio,
        modelName: MODEL_NAME,
        renderer: config().RENDERER,
        width: job.width,
        height: job.height,
        seed: p.seed,
      };
    }),
  );
}

import { imageIdPathSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { noContent } from '../../lib/http';
import { removeImage } from '../../services/admin-images';

/** DELETE /api/admin/images/{id}: the record(s), then the original and the thumbnail in S3. */
export const handler = adminHandler({ path: imageIdPathSchema }, async ({ path, operator }) => {
  await removeImage(actorName(operator), path.id);
  return noContent();
});

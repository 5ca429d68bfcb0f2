import { imageIdPathSchema, imagePatchSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { patchImage } from '../../services/admin-images';

/** PUT /api/admin/images/{id} { hidden?, featured?, category?, keep? }: hide/unhide, feature/unfeature, move, keep. */
export const handler = adminHandler({ path: imageIdPathSchema, body: imagePatchSchema }, async ({ path, body, operator }) =>
  json(200, await patchImage(actorName(operator), path.id, body)),
);

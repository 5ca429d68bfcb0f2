import { imageIdParamSchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { publicImage } from '../../services/share';

// GET /api/images/{id}: one public picture (featured, collection, or shared by its author); 404 otherwise.
// Not cacheable: 'Stop sharing' must take effect at once.
export const handler = httpHandler({ path: imageIdParamSchema }, async ({ path }) => json(200, await publicImage(path.id)));

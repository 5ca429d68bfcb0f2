import { imageIdParamSchema, imageReadQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { readableImage } from '../../services/share';

// GET /api/images/{id}?userId: one public picture (featured, collection, or shared by its author), or the reader's own
// (their visitor id), with its private urls; 404 otherwise. Not cacheable: 'Stop sharing' must take effect at once.
export const handler = httpHandler({ path: imageIdParamSchema, query: imageReadQuerySchema }, async ({ path, query }) =>
  json(200, await readableImage(path.id, query.userId)),
);

import { galleryListQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { listVisitorImages } from '../../services/gallery';

// GET /api/gallery/list?model&userId&skip&take: the visitor's own images, newest first. A page
// shorter than `take` is the last one.
export const handler = httpHandler({ query: galleryListQuerySchema }, async ({ query }) =>
  json(200, await listVisitorImages(query.userId, query.skip, query.take)),
);

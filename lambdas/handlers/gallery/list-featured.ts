import { adminListQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { listFeatured } from '../../services/gallery';

// GET /api/gallery/admin?model&skip&take: featured (operator) images, newest first.
export const handler = httpHandler({ query: adminListQuerySchema }, async ({ query }) =>
  json(200, await listFeatured(query.skip, query.take)),
);

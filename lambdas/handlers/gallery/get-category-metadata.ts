import { categoryQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json, noContent } from '../../lib/http';
import { categoryMetadata } from '../../services/gallery';

// GET /api/gallery/category/metadata?model&category&user=admin: 204 when the category is empty,
// else { lastUpdated }, which moves on every add and remove.
export const handler = httpHandler({ query: categoryQuerySchema }, async ({ query }) => {
  const meta = await categoryMetadata(query.category);
  return meta ? json(200, meta) : noContent();
});

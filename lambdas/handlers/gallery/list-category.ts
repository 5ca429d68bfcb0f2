import { categoryQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { listCategory } from '../../services/gallery';

// GET /api/gallery/category/all?model&category&user=admin: the category's full list (compact
// records; the browser caches it by lastUpdated, shuffles and pages it locally).
export const handler = httpHandler({ query: categoryQuerySchema }, async ({ query }) => json(200, await listCategory(query.category)));

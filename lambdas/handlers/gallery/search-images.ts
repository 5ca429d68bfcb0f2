import { searchQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { searchImages } from '../../services/search';

// GET /api/gallery/search?q=: public pictures whose prompts hold every word of q (the last as a prefix), newest first.
export const handler = httpHandler({ query: searchQuerySchema }, async ({ query }) =>
  json(200, await searchImages(query.q), { 'cache-control': 'public, max-age=60' }),
);

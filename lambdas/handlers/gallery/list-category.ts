import { categoryQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json, matchesEtag, notModified, publicListHeaders } from '../../lib/http';
import { categoryListTag, listCategory } from '../../services/gallery';

// GET /api/gallery/category/all?model&category&user=admin: the category's full list (compact
// records; the browser caches it by lastUpdated, shuffles and pages it locally). Public: cached at
// CloudFront for PUBLIC_LIST_EDGE_SECONDS under an ETag of the category's lastUpdated; a revalidation
// that still holds it costs one GetItem and no Query (304).
export const handler = httpHandler({ query: categoryQuerySchema }, async ({ query, event }) => {
  const tag = await categoryListTag(query.category);
  const headers = publicListHeaders(tag);
  return matchesEtag(event, tag) ? notModified(headers) : json(200, await listCategory(query.category), headers);
});

import { httpHandler, json, matchesEtag, notModified, publicListHeaders } from '../../lib/http';
import { collectionsOverview } from '../../services/gallery';

// GET /api/gallery/categories: each collection's count, lastUpdated and newest images (home's covers and samples).
// Cached at CloudFront for PUBLIC_LIST_EDGE_SECONDS under an ETag of every collection's lastUpdated (304 when unchanged).
export const handler = httpHandler({}, async ({ event }) => {
  const { collections, tag } = await collectionsOverview();
  const headers = publicListHeaders(tag);
  return matchesEtag(event, tag) ? notModified(headers) : json(200, collections, headers);
});

import { httpHandler, json } from '../../lib/http';
import { collectionsOverview } from '../../services/gallery';

// GET /api/gallery/categories: each collection's count, lastUpdated and newest images (home's covers and samples).
// Shared caches may keep it a minute: a new image shows on home's cards within 60 s.
export const handler = httpHandler({}, async () => json(200, await collectionsOverview(), { 'cache-control': 'public, max-age=60' }));

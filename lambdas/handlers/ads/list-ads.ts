import { httpHandler, json } from '../../lib/http';
import { allAds } from '../../services/ads';

// GET /api/ads/all: every ad (navigateUrl, imageUrl, alternateText); the browser picks distinct random ones.
export const handler = httpHandler({}, async () => json(200, await allAds()));

import { httpHandler, json, noContent } from '../../lib/http';
import { randomAd } from '../../services/ads';

// GET /api/ads/random: one ad picked uniformly; 204 when there are none.
export const handler = httpHandler({}, async () => {
  const ad = await randomAd();
  return ad ? json(200, ad) : noContent();
});

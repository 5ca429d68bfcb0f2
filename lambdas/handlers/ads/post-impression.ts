import { adIdPathSchema } from '../../../shared/schemas/admin';
import { httpHandler, noContent } from '../../lib/http';
import { countImpression } from '../../services/ads';

// POST /api/ads/{id}/impression (a beacon, no body): 204 whether it counted or not (unknown ad, over the network's cap).
export const handler = httpHandler({ path: adIdPathSchema }, async ({ path, sourceIp }) => {
  await countImpression(path.id, sourceIp);
  return noContent();
});

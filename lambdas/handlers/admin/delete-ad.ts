import { adIdPathSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { noContent } from '../../lib/http';
import { removeAd } from '../../services/admin-ads';

/** DELETE /api/admin/ads/{id}: the record and its banner. */
export const handler = adminHandler({ path: adIdPathSchema }, async ({ path, operator }) => {
  await removeAd(actorName(operator), path.id);
  return noContent();
});

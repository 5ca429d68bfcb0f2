import { adIdPathSchema, adUpdateSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { updateAd } from '../../services/admin-ads';

/** PUT /api/admin/ads/{id} { navigateUrl?, alternateText?, enabled?, image? }. */
export const handler = adminHandler({ path: adIdPathSchema, body: adUpdateSchema }, async ({ path, body, operator }) =>
  json(200, await updateAd(actorName(operator), path.id, body)),
);

import { adCreateSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { createAd } from '../../services/admin-ads';

/** POST /api/admin/ads { navigateUrl, alternateText?, enabled, image (data URL) }. */
export const handler = adminHandler({ body: adCreateSchema }, async ({ body, operator }) =>
  json(201, await createAd(actorName(operator), body)),
);

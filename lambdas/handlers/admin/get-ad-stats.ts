import { adIdPathSchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { adStats } from '../../services/admin-ads';

/** GET /api/admin/ads/{id}/stats: impressions and clicks per day, the last 30 days. */
export const handler = adminHandler({ path: adIdPathSchema }, async ({ path }) => json(200, await adStats(path.id)));

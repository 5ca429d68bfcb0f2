import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { listAllAds } from '../../services/admin-ads';

/** GET /api/admin/ads: every ad, enabled or not. */
export const handler = adminHandler({}, async () => json(200, await listAllAds()));

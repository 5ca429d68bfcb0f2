import { adIdPathSchema } from '../../../shared/schemas/admin';
import { httpHandler, redirect } from '../../lib/http';
import { clickThrough } from '../../services/ads';

// GET /api/ads/{id}/click: 302 to the address stored for the ad (never one from the request); 404 for an unknown or ended ad.
export const handler = httpHandler({ path: adIdPathSchema }, async ({ path, sourceIp }) => redirect(await clickThrough(path.id, sourceIp)));

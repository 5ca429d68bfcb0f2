import { adIdPathSchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { adStatsCsv } from '../../services/admin-ads';

/** GET /api/admin/ads/{id}/stats.csv: the sponsor's copy of the last 30 days. */
export const handler = adminHandler({ path: adIdPathSchema }, async ({ path }) => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="ad-${path.id}-last-30-days.csv"`,
    'cache-control': 'no-store',
  },
  body: await adStatsCsv(path.id),
}));

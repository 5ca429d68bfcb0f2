import { overviewQuerySchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { overview } from '../../services/stats';

/** GET /api/admin/overview?range=today|7d|30d: the console's first page, from the hourly aggregates (docs/admin.md). */
export const handler = adminHandler({ query: overviewQuerySchema }, async ({ query }) => json(200, await overview(query.range)));

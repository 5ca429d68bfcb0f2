import { cursorQuerySchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { auditPage } from '../../services/audit';

/** GET /api/admin/audit?cursor=: operator actions, newest first. */
export const handler = adminHandler({ query: cursorQuerySchema }, async ({ query }) =>
  json(200, await auditPage(query.take, query.cursor)),
);

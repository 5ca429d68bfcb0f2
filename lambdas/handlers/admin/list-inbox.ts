import { inboxQuerySchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { inboxPage } from '../../services/inbox';

/** GET /api/admin/inbox?kind=&state=&cursor=: one kind of message, newest first. */
export const handler = adminHandler({ query: inboxQuerySchema }, async ({ query }) =>
  json(200, await inboxPage(query.kind, query.state, query.take, query.cursor)),
);

import { inboxRefSchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { attachmentLink } from '../../services/inbox';

/** GET /api/admin/inbox/attachment?ref=: a presigned link valid for two minutes. */
export const handler = adminHandler({ query: inboxRefSchema }, async ({ query }) => json(200, await attachmentLink(query.ref)));

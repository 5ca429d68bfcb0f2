import { inboxHandledSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { noContent } from '../../lib/http';
import { markHandled } from '../../services/inbox';

/** POST /api/admin/inbox/handled { ref, handled }. */
export const handler = adminHandler({ body: inboxHandledSchema }, async ({ body, operator }) => {
  await markHandled(actorName(operator), body.ref, body.handled);
  return noContent();
});

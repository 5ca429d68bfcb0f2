import { saveImageRequestSchema } from '../../../shared/schemas/gallery';
import { actorName } from '../../lib/admin-handler';
import { requireAdmin } from '../../lib/auth';
import { validated } from '../../lib/errors';
import { httpHandler, json, readJsonBody } from '../../lib/http';
import { logger } from '../../lib/logger';
import { audit } from '../../services/audit';
import { importImage } from '../../services/gallery-import';

// POST /api/gallery/save: the operator's import of an existing picture into a category. The
// verified token decides (401 without one, 403 for a non-operator) before the body is read;
// `user: 'admin'` in the body grants nothing.
export const handler = httpHandler({}, async ({ event }) => {
  const operator = await requireAdmin(event);
  const request = validated(saveImageRequestSchema, readJsonBody(event));
  const saved = await importImage(request);
  logger.info('operator import', { operator: operator.sub, imageId: saved.id, category: request.category });
  await audit(actorName(operator), 'import', `image:${saved.id}`, undefined, { category: request.category, prompt: request.prompt });
  return json(201, saved);
});

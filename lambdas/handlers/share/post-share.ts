import { imageIdParamSchema, shareRequestSchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { shareImage } from '../../services/share';

// POST /api/images/{id}/share { userId, shared }: the author makes their picture public, or private again.
export const handler = httpHandler({ path: imageIdParamSchema, body: shareRequestSchema }, async ({ path, body }) =>
  json(200, await shareImage(path.id, body.userId, body.shared)),
);

import { adminListQuerySchema } from '../../../shared/schemas/admin';
import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { listConsoleImages } from '../../services/admin-images';

/** GET /api/admin/images: every operator image, hidden and unfeatured too, newest first. */
export const handler = adminHandler({ query: adminListQuerySchema }, async ({ query }) =>
  json(200, await listConsoleImages(query.skip, query.take)),
);

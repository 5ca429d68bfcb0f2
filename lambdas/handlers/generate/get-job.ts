import * as z from 'zod';
import { jobIdPathSchema, jobReaderQuerySchema } from '../../../shared/schemas/generation-api';
import { httpHandler, json } from '../../lib/http';
import { jobStatus } from '../../services/generation';

/**
 * GET /api/generate/{jobId}[?userId=] → status, percent, message, queue position, ETA, and the picture
 * when done as this reader may have it: an unshared one only for its author's `userId` (docs/privacy.md).
 */
export const handler = httpHandler({ path: z.object({ jobId: jobIdPathSchema }), query: jobReaderQuerySchema }, async ({ path, query }) =>
  json(200, await jobStatus(path.jobId, query.userId)),
);

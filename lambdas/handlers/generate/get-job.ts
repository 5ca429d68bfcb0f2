import { z } from 'zod';
import { jobIdPathSchema } from '../../../shared/schemas/generation-api';
import { httpHandler, json } from '../../lib/http';
import { jobStatus } from '../../services/generation';

/** GET /api/generate/{jobId} → status, percent, message, queue position, ETA, image when done. */
export const handler = httpHandler({ path: z.object({ jobId: jobIdPathSchema }) }, async ({ path }) =>
  json(200, await jobStatus(path.jobId)),
);

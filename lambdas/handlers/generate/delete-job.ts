import * as z from 'zod';
import { uuidSchema } from '../../../shared/schemas/common';
import { jobIdPathSchema } from '../../../shared/schemas/generation-api';
import { httpHandler, json } from '../../lib/http';
import { cancelGeneration } from '../../services/generation';

/** DELETE /api/generate/{jobId}?userId= → 202 (cancelled now) or 200 (had already ended), with the status. */
export const handler = httpHandler(
  { path: z.object({ jobId: jobIdPathSchema }), query: z.object({ userId: uuidSchema }) },
  async ({ path, query }) => {
    const { status, body } = await cancelGeneration(path.jobId, query.userId);
    return json(status, body);
  },
);

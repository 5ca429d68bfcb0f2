import * as z from 'zod';
import { uuidSchema } from '../../../shared/schemas/common';
import { httpHandler, json } from '../../lib/http';
import { generationQuota } from '../../services/quota';

// GET /api/generate/quota?userId= → what is left of the hourly generation cap and when it frees up,
// read from the counters that decide POST /api/generate's 429.
export const handler = httpHandler({ query: z.object({ userId: uuidSchema }) }, async ({ query, sourceIp }) =>
  json(200, await generationQuota(query.userId, sourceIp)),
);

import * as z from 'zod';
import { uuidSchema } from '../../../shared/schemas/common';
import { httpHandler, json } from '../../lib/http';
import { warmUp } from '../../services/generation';

/** POST /api/generate/warm { userId } → 202 { state: 'warm' | 'starting' }. */
export const handler = httpHandler({ body: z.object({ userId: uuidSchema }) }, async ({ body, sourceIp }) =>
  json(202, await warmUp(body.userId, sourceIp)),
);

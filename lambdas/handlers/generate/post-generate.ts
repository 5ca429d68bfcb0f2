import { generateRequestSchema } from '../../../shared/schemas/generation';
import { httpHandler, json } from '../../lib/http';
import { startGeneration } from '../../services/generation';
import { idempotent } from '../../services/idempotency';

/** POST /api/generate → 202 { jobId }: the job runs in the generation state machine. */
export const handler = httpHandler({ body: generateRequestSchema }, async ({ body, sourceIp, event, context }) =>
  // The job itself is deduplicated by requestId (the browser sends it as the Idempotency-Key too).
  idempotent(event, context, 'generate', async () => json(202, await startGeneration(body, sourceIp))),
);

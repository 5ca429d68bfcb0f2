import { generateRequestSchema } from '../../../shared/schemas/generation';
import { httpHandler, json } from '../../lib/http';
import { startGeneration } from '../../services/generation';

/** POST /api/generate → 202 { jobId }: the job runs in the generation state machine. */
export const handler = httpHandler({ body: generateRequestSchema }, async ({ body, sourceIp }) => {
  const accepted = await startGeneration(body, sourceIp);
  return json(202, accepted);
});

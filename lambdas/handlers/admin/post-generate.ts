import { adminGenerateRequestSchema } from '../../../shared/schemas/admin';
import { actorName, adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { audit } from '../../services/audit';
import { startGeneration } from '../../services/generation';

/** POST /api/admin/generate → 202 { jobId }: the visitors' flow, stored with user admin in the category. */
export const handler = adminHandler({ body: adminGenerateRequestSchema }, async ({ body, operator, sourceIp }) => {
  const { jobId } = await startGeneration(
    { prompt: body.prompt, aspectRatio: body.aspectRatio, requestId: body.requestId, userId: `operator-${operator.sub}` },
    sourceIp,
    { category: body.category },
  );
  await audit(actorName(operator), 'generate', `image:${jobId}`, undefined, { category: body.category, prompt: body.prompt });
  return json(202, { jobId });
});

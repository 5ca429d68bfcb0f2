import { httpHandler, json } from '../../lib/http';
import { healthReport } from '../../services/health';

// GET /api/health: 200 when every dependency answers, 503 otherwise (services/health.ts says what it carries).
export const handler = httpHandler({}, async ({ context }) => {
  const report = await healthReport(context.getRemainingTimeInMillis());
  return json(report.ok ? 200 : 503, report);
});

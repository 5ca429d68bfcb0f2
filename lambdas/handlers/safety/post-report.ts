import { imageReportRequestSchema } from '../../../shared/schemas/safety';
import { httpHandler, json } from '../../lib/http';
import { reportImage } from '../../services/reports';

// POST /api/reports (JSON): imageId, reason (shared/safety.ts REPORT_REASONS), optional details.
// 201 with the report id once it is stored; 404 for an unknown picture.
export const handler = httpHandler({ body: imageReportRequestSchema }, async ({ body, sourceIp, userAgent }) =>
  json(201, await reportImage(body, { sourceIp, userAgent })),
);

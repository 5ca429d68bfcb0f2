import { api } from '../../../lib/api-client';
import { getVisitor } from '../../../lib/visitor';

export interface ReportInput {
  imageId: string;
  reason: string;
  details: string;
}

// POST /api/reports → 201 { id, received: true }. Validated with the route's own schema first. The
// visitor id goes with it: one browser reporting over IPv4 and IPv6 counts as one reporter.
export async function reportImage(input: ReportInput): Promise<string> {
  const { imageReportSchema, reportReceiptSchema } = await import('@shared/schemas/safety');
  const { userId } = getVisitor();
  const body = imageReportSchema.parse({ ...input, ...(userId ? { userId } : {}) });
  const { id } = await api.post('/reports', body, reportReceiptSchema);
  return id;
}

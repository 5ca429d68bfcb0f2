import { api } from '../../../lib/api-client';

export interface ReportInput {
  imageId: string;
  reason: string;
  details: string;
}

// POST /api/reports → 201 { id, received: true }. Validated with the route's own schema first.
export async function reportImage(input: ReportInput): Promise<string> {
  const { imageReportSchema, reportReceiptSchema } = await import('@shared/schemas/safety');
  const body = imageReportSchema.parse(input);
  const { id } = await api.post('/reports', body, reportReceiptSchema);
  return id;
}

import type { QuotaResponse } from '@shared/schemas/safety';
import { api, qs } from '../../../lib/api-client';
import { loadGenerationSchemas } from '../../../lib/validators';

// GET /api/generate/quota?userId= → what is left of the hourly cap (the counters behind the 429).
export async function getQuota(userId: string, signal?: AbortSignal): Promise<QuotaResponse> {
  const { quotaResponseSchema } = await loadGenerationSchemas();
  return api.get(`/generate/quota${qs({ userId })}`, quotaResponseSchema, { signal });
}

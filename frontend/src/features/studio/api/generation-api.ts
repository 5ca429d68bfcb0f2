import type { JobStatusResponse } from '@shared/schemas/generation';
import { api, qs } from '../../../lib/api-client';
import { loadGenerationSchemas } from '../../../lib/validators';

export interface StartRequest {
  prompt: string;
  aspectRatio: string;
  userId: string;
  requestId: string;
  seed?: number;
  /** Variants (issue 32): how many pictures of this prompt (1–4; absent: one). */
  count?: number;
}

// POST /api/generate → 202 { jobId }
export async function startGeneration(body: StartRequest, signal?: AbortSignal): Promise<string> {
  const { generateAcceptedSchema } = await loadGenerationSchemas();
  // The requestId is this submission's key: a retry of a lost answer gets the same job back.
  const { jobId } = await api.post('/generate', body, generateAcceptedSchema, { signal, idempotencyKey: body.requestId });
  return jobId;
}

// GET /api/generate/{jobId}?userId=: the visitor's id, or a finished picture that is not shared comes without its urls.
export async function getJobStatus(jobId: string, userId: string, signal?: AbortSignal): Promise<JobStatusResponse> {
  const { jobStatusResponseSchema } = await loadGenerationSchemas();
  return api.get(`/generate/${encodeURIComponent(jobId)}${qs({ userId: userId || undefined })}`, jobStatusResponseSchema, { signal });
}

// DELETE /api/generate/{jobId}?userId=
export async function cancelGeneration(jobId: string, userId: string): Promise<void> {
  await api.delete(`/generate/${encodeURIComponent(jobId)}?userId=${encodeURIComponent(userId)}`);
}

// POST /api/generate/warm { userId } → 202
export async function warmGpu(userId: string): Promise<void> {
  await api.post('/generate/warm', { userId });
}

import { z } from 'zod';

/** Job ids are UUIDs made by the server; anything else cannot be a job. */
export const jobIdPathSchema = z.uuid({ error: 'jobId must be a job id.' });

/** POST /api/generate/warm answer. */
const warmResponseSchema = z.object({ state: z.enum(['warm', 'starting']) });
export type WarmResponse = z.infer<typeof warmResponseSchema>;

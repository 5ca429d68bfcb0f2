import * as z from 'zod';
import { uuidSchema } from './common';

/** Job ids are UUIDs made by the server; anything else cannot be a job. */
export const jobIdPathSchema = z.uuid({ error: 'jobId must be a job id.' });

/**
 * GET /api/generate/{jobId} and its /events stream: `userId` is the visitor id of the studio that
 * follows it (as /api/download and /api/gallery/list take it); only the author gets an unshared picture.
 */
export const jobReaderQuerySchema = z.object({ userId: uuidSchema.optional() });

/** POST /api/generate/warm answer. */
const warmResponseSchema = z.object({ state: z.enum(['warm', 'starting']) });
export type WarmResponse = z.infer<typeof warmResponseSchema>;

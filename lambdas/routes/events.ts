import type { RouteDef } from './types';

/**
 * Live progress: a response-streaming function of its own (a Function URL behind CloudFront, not
 * API Gateway, which cannot stream), so a stream's long life holds none of the generate function's
 * concurrency.
 */
export const eventsRoutes: RouteDef[] = [
  // GET /api/generate/{jobId}/events (server-sent events until the job ends; a streaming Function URL in AWS)
  {
    method: 'GET',
    path: '/api/generate/{jobId}/events',
    entry: 'handlers/generate/job-events.ts',
    stream: true,
    timeoutSeconds: 900,
    // counters: the open-stream places (services/job-events.ts holdStreamPlace).
    // The finished picture's presigned urls (as GET /api/generate/{jobId}) are signed with the private-read grant.
    // A running job's finished pictures (staged) with the staging-read grant (issue 32).
    grants: ['table:jobs:read', 'table:images:read', 'table:counters:write', 'bucket:images:private-read', 'bucket:images:staging-read'],
  },
];

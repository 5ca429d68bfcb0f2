import type { RouteDef } from './types';

/** The generation writes: start, warm, cancel (the `generate` function). */
export const generationRoutes: RouteDef[] = [
  // POST /api/generate
  {
    method: 'POST',
    path: '/api/generate',
    entry: 'handlers/generate/post-generate.ts',
    grants: ['table:jobs:write', 'table:counters:write', 'table:messages:read', 'sfn:start', 'bedrock:guardrail', 'idempotency'],
  },
  // POST /api/generate/warm
  {
    method: 'POST',
    path: '/api/generate/warm',
    entry: 'handlers/generate/post-warm.ts',
    grants: ['table:jobs:read', 'table:counters:write', 'gpu:scale'],
  },
  // DELETE /api/generate/{jobId}
  {
    method: 'DELETE',
    path: '/api/generate/{jobId}',
    entry: 'handlers/generate/delete-job.ts',
    // counters: a cancel gives back the units of the pictures not made yet (services/quota.ts refundCancelledJob).
    grants: ['table:jobs:write', 'table:images:read', 'table:counters:write', 'sfn:stop'],
  },
];

/** The generation reads: the visitor's quota and a job's status (the `jobs` function, read grants only). */
export const jobReadRoutes: RouteDef[] = [
  // GET /api/generate/quota (listed before GET /api/generate/{jobId}: the local adapter takes the
  // first match; API Gateway prefers the literal path by itself)
  { method: 'GET', path: '/api/generate/quota', entry: 'handlers/safety/get-quota.ts', grants: ['table:counters:read'] },
  // GET /api/generate/{jobId}
  // The finished picture's presigned urls are signed with the private-read grant; a running job's
  // finished pictures (staged, not stored yet) with the staging-read grant.
  {
    method: 'GET',
    path: '/api/generate/{jobId}',
    entry: 'handlers/generate/get-job.ts',
    grants: ['table:jobs:read', 'table:images:read', 'bucket:images:private-read', 'bucket:images:staging-read'],
  },
];

import type { RouteDef } from './types';

export const safetyRoutes: RouteDef[] = [
  // GET /api/generate/quota (listed before GET /api/generate/{jobId}: the local adapter takes the
  // first match; API Gateway prefers the literal path by itself)
  { method: 'GET', path: '/api/generate/quota', entry: 'handlers/safety/get-quota.ts', grants: ['table:counters:read'] },
  // POST /api/reports
  {
    method: 'POST',
    path: '/api/reports',
    entry: 'handlers/safety/post-report.ts',
    // The report threshold hides a shared visitor's picture: its public copy goes (bucket:images:share).
    grants: ['table:messages:write', 'table:counters:write', 'table:images:write', 'ses:send', 'bucket:images:share'],
  },
];

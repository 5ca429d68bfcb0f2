import type { RouteDef } from './types';

export const safetyRoutes: RouteDef[] = [
  // POST /api/reports
  {
    method: 'POST',
    path: '/api/reports',
    entry: 'handlers/safety/post-report.ts',
    // The report threshold hides a shared visitor's picture: its public copy goes (bucket:images:share).
    grants: ['table:messages:write', 'table:counters:write', 'table:images:write', 'ses:send', 'bucket:images:share'],
  },
];

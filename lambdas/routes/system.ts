import type { RouteDef } from './types';

export const systemRoutes: RouteDef[] = [
  // GET /api/health
  { method: 'GET', path: '/api/health', entry: 'handlers/system/get-health.ts', grants: ['table:images:read', 'bucket:images:read'] },
];

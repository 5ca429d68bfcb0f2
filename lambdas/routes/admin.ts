import type { RouteDef } from './types';

/**
 * The operator's console. Every /api/admin route runs the one operator check first
 * (lambdas/lib/admin-handler.ts); /api/auth/config is public (the sign-in settings).
 */
export const adminRoutes: RouteDef[] = [
  // GET /api/auth/config
  { method: 'GET', path: '/api/auth/config', entry: 'handlers/admin/get-auth-config.ts', grants: [] },
  // POST /api/admin/generate
  {
    method: 'POST',
    path: '/api/admin/generate',
    entry: 'handlers/admin/post-generate.ts',
    grants: ['table:jobs:write', 'table:counters:write', 'table:messages:write', 'sfn:start', 'bedrock:guardrail'],
  },
  // GET /api/admin/images
  { method: 'GET', path: '/api/admin/images', entry: 'handlers/admin/list-images.ts', grants: ['table:images:read'] },
  // PUT /api/admin/images/{id}
  {
    method: 'PUT',
    path: '/api/admin/images/{id}',
    entry: 'handlers/admin/put-image.ts',
    grants: ['table:images:write', 'table:messages:write'],
  },
  // DELETE /api/admin/images/{id}
  {
    method: 'DELETE',
    path: '/api/admin/images/{id}',
    entry: 'handlers/admin/delete-image.ts',
    grants: ['table:images:write', 'bucket:images:write', 'table:messages:write'],
  },
  // GET /api/admin/audit
  { method: 'GET', path: '/api/admin/audit', entry: 'handlers/admin/list-audit.ts', grants: ['table:messages:read'] },
  // GET /api/admin/ads
  { method: 'GET', path: '/api/admin/ads', entry: 'handlers/admin/list-ads.ts', grants: ['table:ads:read'] },
  // POST /api/admin/ads
  {
    method: 'POST',
    path: '/api/admin/ads',
    entry: 'handlers/admin/post-ad.ts',
    grants: ['table:ads:write', 'bucket:images:write', 'table:messages:write'],
  },
  // PUT /api/admin/ads/{id}
  {
    method: 'PUT',
    path: '/api/admin/ads/{id}',
    entry: 'handlers/admin/put-ad.ts',
    grants: ['table:ads:write', 'bucket:images:write', 'table:messages:write'],
  },
  // DELETE /api/admin/ads/{id}
  {
    method: 'DELETE',
    path: '/api/admin/ads/{id}',
    entry: 'handlers/admin/delete-ad.ts',
    grants: ['table:ads:write', 'bucket:images:write', 'table:messages:write'],
  },
  // GET /api/admin/inbox
  { method: 'GET', path: '/api/admin/inbox', entry: 'handlers/admin/list-inbox.ts', grants: ['table:messages:read'] },
  // POST /api/admin/inbox/handled
  { method: 'POST', path: '/api/admin/inbox/handled', entry: 'handlers/admin/post-inbox-handled.ts', grants: ['table:messages:write'] },
  // GET /api/admin/inbox/attachment
  {
    method: 'GET',
    path: '/api/admin/inbox/attachment',
    entry: 'handlers/admin/get-inbox-attachment.ts',
    grants: ['table:messages:read', 'bucket:attachments:read'],
  },
  // GET /api/admin/inbox/newsletter.csv
  {
    method: 'GET',
    path: '/api/admin/inbox/newsletter.csv',
    entry: 'handlers/admin/get-newsletter-csv.ts',
    grants: ['table:messages:read'],
  },
];

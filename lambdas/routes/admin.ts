import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { AD_BODY_MAX_BYTES } from '../../shared/schemas/admin';
import type { Grant, RouteDef } from './types';

/** An operator route: one line each, the handler named within handlers/admin/. */
const admin = (method: RouteDef['method'], path: string, handler: string, grants: Grant[]): RouteDef => ({
  method,
  path,
  entry: `handlers/admin/${handler}.ts`,
  grants,
});
/** A 2 MB picture as a base64 data URL (4/3 of its size) plus the JSON fields around it. */
const IMPORT_MAX_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 16 * 1024;
/** Changing an ad: its record, its picture, and the audit line (an edit answers the ad with its recent counts). */
const adWrite: Grant[] = ['table:ads:write', 'bucket:images:write', 'table:messages:write', 'table:counters:read'];

/**
 * The operator's console. Every /api/admin route runs the one operator check first
 * (lambdas/lib/admin-handler.ts); /api/auth/config is public (the sign-in settings).
 */
export const adminRoutes: RouteDef[] = [
  admin('GET', '/api/auth/config', 'get-auth-config', []),
  admin('POST', '/api/admin/generate', 'post-generate', [
    'table:jobs:write',
    'table:counters:write',
    'table:messages:write',
    'sfn:start',
    'bedrock:guardrail',
  ]),
  // The operator's import (spec: POST /api/gallery/save; JWT-verified like every operator route): here,
  // in the admin function, so sharp is installed beside the operator's writes and no gallery read carries it.
  {
    method: 'POST',
    path: '/api/gallery/save',
    entry: 'handlers/gallery/save-image.ts',
    memoryMb: 1024,
    timeoutSeconds: 30,
    maxBodyBytes: IMPORT_MAX_BYTES,
    nativeModules: ['sharp'],
    grants: ['table:images:read', 'table:images:write', 'bucket:images:write', 'table:messages:write', 'table:counters:write'],
  },
  // The overview (issue 33): the hourly aggregates on the counters table, the inbox's open messages counted.
  admin('GET', '/api/admin/overview', 'get-overview', ['table:counters:read', 'table:messages:read']),
  admin('GET', '/api/admin/images', 'list-images', ['table:images:read']),
  // Hiding a shared visitor's picture deletes its public copy; unhiding restores it (services/image-store.ts).
  admin('PUT', '/api/admin/images/{id}', 'put-image', ['table:images:write', 'table:messages:write', 'bucket:images:share']),
  // Deleting counts the bytes it frees on the overview's counters.
  admin('DELETE', '/api/admin/images/{id}', 'delete-image', [
    'table:images:write',
    'bucket:images:write',
    'table:messages:write',
    'table:counters:write',
  ]),
  admin('GET', '/api/admin/audit', 'list-audit', ['table:messages:read']),
  // Each ad with its last 30 days' totals (the counters table's per-day counts).
  admin('GET', '/api/admin/ads', 'list-ads', ['table:ads:read', 'table:counters:read']),
  admin('GET', '/api/admin/ads/{id}/stats', 'get-ad-stats', ['table:ads:read', 'table:counters:read']),
  admin('GET', '/api/admin/ads/{id}/stats.csv', 'get-ad-stats-csv', ['table:ads:read', 'table:counters:read']),
  // A banner travels as a base64 data URL in the JSON body (up to 4 MB): exempt from the WAF's 8 KB rule, capped at the schema's size.
  { ...admin('POST', '/api/admin/ads', 'post-ad', adWrite), maxBodyBytes: AD_BODY_MAX_BYTES },
  { ...admin('PUT', '/api/admin/ads/{id}', 'put-ad', adWrite), maxBodyBytes: AD_BODY_MAX_BYTES },
  admin('DELETE', '/api/admin/ads/{id}', 'delete-ad', adWrite),
  // A report of a visitor's picture shows its private thumbnail (presigned).
  admin('GET', '/api/admin/inbox', 'list-inbox', ['table:messages:read', 'bucket:images:private-read']),
  admin('POST', '/api/admin/inbox/handled', 'post-inbox-handled', ['table:messages:write']),
  admin('GET', '/api/admin/inbox/attachment', 'get-inbox-attachment', ['table:messages:read', 'bucket:attachments:read']),
  admin('GET', '/api/admin/inbox/newsletter.csv', 'get-newsletter-csv', ['table:messages:read']),
  // The alarm states, read-only: cloudwatch:DescribeAlarms on the stack's alarms (docs/operations.md).
  admin('GET', '/api/admin/alarms', 'get-alarms', ['cloudwatch:alarms']),
];

import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { RouteDef } from './types';

/** A 2 MB picture as a base64 data URL (4/3 of its size) plus the JSON fields around it. */
const IMPORT_MAX_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 16 * 1024;

export const galleryRoutes: RouteDef[] = [
  // GET /api/gallery/list
  { method: 'GET', path: '/api/gallery/list', entry: 'handlers/gallery/list-images.ts', grants: ['table:images:read'] },
  // GET /api/gallery/admin
  { method: 'GET', path: '/api/gallery/admin', entry: 'handlers/gallery/list-featured.ts', grants: ['table:images:read'] },
  // GET /api/gallery/admin/random
  { method: 'GET', path: '/api/gallery/admin/random', entry: 'handlers/gallery/sample-featured.ts', grants: ['table:images:read'] },
  // GET /api/gallery/category/metadata
  {
    method: 'GET',
    path: '/api/gallery/category/metadata',
    entry: 'handlers/gallery/get-category-metadata.ts',
    grants: ['table:images:read'],
  },
  // GET /api/gallery/categories
  { method: 'GET', path: '/api/gallery/categories', entry: 'handlers/gallery/list-collections.ts', grants: ['table:images:read'] },
  // GET /api/gallery/search?q= (public pictures by the words of their prompts; index in the function's memory)
  { method: 'GET', path: '/api/gallery/search', entry: 'handlers/gallery/search-images.ts', grants: ['table:images:read'] },
  // GET /api/gallery/category/all
  { method: 'GET', path: '/api/gallery/category/all', entry: 'handlers/gallery/list-category.ts', grants: ['table:images:read'] },
  // POST /api/gallery/save (operator import; JWT-verified)
  {
    method: 'POST',
    path: '/api/gallery/save',
    entry: 'handlers/gallery/save-image.ts',
    memoryMb: 1024,
    timeoutSeconds: 30,
    maxBodyBytes: IMPORT_MAX_BYTES,
    nativeModules: ['sharp'],
    grants: ['table:images:read', 'table:images:write', 'bucket:images:write', 'table:messages:write'],
  },
  // GET /api/download
  { method: 'GET', path: '/api/download', entry: 'handlers/download/get-download.ts', grants: ['table:images:read', 'bucket:images:read'] },
  // GET /api/ads/all
  { method: 'GET', path: '/api/ads/all', entry: 'handlers/ads/list-ads.ts', grants: ['table:ads:read'] },
  // GET /api/ads/random
  { method: 'GET', path: '/api/ads/random', entry: 'handlers/ads/get-random-ad.ts', grants: ['table:ads:read'] },
];

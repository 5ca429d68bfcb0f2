import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { RouteDef } from './types';

/** A 2 MB picture as a base64 data URL (4/3 of its size) plus the JSON fields around it. */
const IMPORT_MAX_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 16 * 1024;

/** A public gallery read: GET, the handler named within handlers/gallery/, the images table only. */
const galleryRead = (path: string, handler: string): RouteDef => ({
  method: 'GET',
  path,
  entry: `handlers/gallery/${handler}.ts`,
  grants: ['table:images:read'],
});

export const galleryRoutes: RouteDef[] = [
  galleryRead('/api/gallery/list', 'list-images'),
  galleryRead('/api/gallery/admin', 'list-featured'),
  galleryRead('/api/gallery/admin/random', 'sample-featured'),
  galleryRead('/api/gallery/category/metadata', 'get-category-metadata'),
  galleryRead('/api/gallery/categories', 'list-collections'),
  // ?q=: public pictures by the words of their prompts; the index lives in the function's memory.
  galleryRead('/api/gallery/search', 'search-images'),
  galleryRead('/api/gallery/category/all', 'list-category'),
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

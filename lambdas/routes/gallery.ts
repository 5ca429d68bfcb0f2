import type { RouteDef } from './types';

/** A public gallery read: GET, the handler named within handlers/gallery/, the images table only, the read throttle. */
const galleryRead = (path: string, handler: string): RouteDef => ({
  method: 'GET',
  path,
  entry: `handlers/gallery/${handler}.ts`,
  grants: ['table:images:read'],
  throttle: 'read',
});

/** The gallery and category reads, search and download: the `gallery` function (reads only; no sharp). */
export const galleryRoutes: RouteDef[] = [
  // A visitor's own pictures, as presigned urls of their private objects (read grant: as the download's).
  { ...galleryRead('/api/gallery/list', 'list-images'), grants: ['table:images:read', 'bucket:images:read'] },
  galleryRead('/api/gallery/admin', 'list-featured'),
  galleryRead('/api/gallery/admin/random', 'sample-featured'),
  galleryRead('/api/gallery/category/metadata', 'get-category-metadata'),
  galleryRead('/api/gallery/categories', 'list-collections'),
  // ?q=: public pictures by the words of their prompts; the index lives in the function's memory.
  galleryRead('/api/gallery/search', 'search-images'),
  galleryRead('/api/gallery/category/all', 'list-category'),
  // GET /api/download
  { method: 'GET', path: '/api/download', entry: 'handlers/download/get-download.ts', grants: ['table:images:read', 'bucket:images:read'] },
];

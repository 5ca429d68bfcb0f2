import type { RouteDef } from './types';

/**
 * One picture's public page and its record: reads, served by the read-only `gallery` function
 * (issue 34: a public read is served by a function with read grants only).
 */
export const pictureReadRoutes: RouteDef[] = [
  // GET /i/{id}: HTML (the SPA's shell with the picture's link-preview tags); CloudFront sends /i/* here.
  { method: 'GET', path: '/i/{id}', entry: 'handlers/share/get-picture-page.ts', siteShell: true, grants: ['table:images:read'] },
  // GET /api/images/{id}?userId: the author's own unshared picture is signed from the private objects.
  { method: 'GET', path: '/api/images/{id}', entry: 'handlers/share/get-image.ts', grants: ['table:images:read', 'bucket:images:read'] },
];

/** The visitor's 'Share' and 'Stop sharing' (lambdas/services/share.ts): the `share` function. */
export const shareRoutes: RouteDef[] = [
  // POST /api/images/{id}/share
  {
    method: 'POST',
    path: '/api/images/{id}/share',
    entry: 'handlers/share/post-share.ts',
    // Sharing copies the private objects to the public keys; stopping deletes the copies.
    grants: ['table:images:read', 'table:images:write', 'bucket:images:share'],
  },
];

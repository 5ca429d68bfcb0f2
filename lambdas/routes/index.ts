import { adminRoutes } from './admin';
import { formsRoutes } from './forms';
import { galleryRoutes } from './gallery';
import { generationRoutes } from './generation';
import { safetyRoutes } from './safety';
import { shareRoutes } from './share';
import { systemRoutes } from './system';
import type { RouteDef } from './types';

export type { Grant, RouteDef } from './types';

/** Every route of the HTTP API, one table per area. */
export const ROUTES: readonly RouteDef[] = [
  ...systemRoutes,
  ...galleryRoutes,
  ...shareRoutes,
  ...safetyRoutes,
  ...generationRoutes,
  ...formsRoutes,
  ...adminRoutes,
];

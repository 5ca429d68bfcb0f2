import type { RouteDef } from './types';

export const galleryRoutes: RouteDef[] = [];

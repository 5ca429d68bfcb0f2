import type { RouteDef } from './types';

export const generationRoutes: RouteDef[] = [];

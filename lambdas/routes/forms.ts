import type { RouteDef } from './types';

export const formsRoutes: RouteDef[] = [];

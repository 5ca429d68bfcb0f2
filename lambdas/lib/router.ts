import type { Context } from 'aws-lambda';
import { errorResponse, NotFoundError } from './errors';
import type { ApiEvent, ApiHandler, ApiResult } from './http';

/**
 * One API area's function: API Gateway names the matched route in `routeKey` ("GET /api/gallery/list"),
 * and the router hands the event to that route's handler (each a whole middy chain of its own). The
 * table is generated from lambdas/routes at build time (scripts/build-lambdas.ts), so the route table
 * stays the one definition. A key the table lacks is a deployment fault: answered 404 in the API's shape.
 */
export function apiRouter(routes: Record<string, ApiHandler>): ApiHandler {
  return async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const route = routes[event.routeKey];
    if (!route) return errorResponse(new NotFoundError(`No route for ${event.routeKey}.`, 'route_not_found'));
    return route(event, context);
  };
}

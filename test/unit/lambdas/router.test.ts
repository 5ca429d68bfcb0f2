import { describe, expect, it } from 'vitest';
import { apiRouter } from '../../../lambdas/lib/router';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

/** One API area's function hands each event to the handler its route key names (lambdas/lib/router.ts). */
describe('API area router', () => {
  const seen: string[] = [];
  const router = apiRouter({
    'GET /api/ads/all': async (event) => {
      seen.push(`all ${event.rawPath}`);
      return { statusCode: 200, body: '[]' };
    },
    'GET /api/ads/random': async () => {
      seen.push('random');
      return { statusCode: 204 };
    },
  });

  it('runs the handler of the route API Gateway matched', async () => {
    const result = await router(apiEvent({ route: '/api/ads/random', path: '/api/ads/random' }), lambdaContext());
    expect(result.statusCode).toBe(204);
    expect(seen).toEqual(['random']);
  });

  it('answers a route key it does not hold with 404 in the API error shape', async () => {
    const result = await router(apiEvent({ method: 'POST', route: '/api/ads/all', path: '/api/ads/all' }), lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: { code: 'route_not_found', message: 'No route for POST /api/ads/all.' } });
  });
});

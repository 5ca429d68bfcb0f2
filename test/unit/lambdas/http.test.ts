import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError, RateLimitError } from '../../../lambdas/lib/errors';
import { httpHandler, json } from '../../../lambdas/lib/http';
import { apiEvent, bodyOf, lambdaContext } from '../../fixtures/api-event';

const handler = httpHandler(
  {
    query: z.object({ n: z.string().regex(/^\d+$/, { error: 'n must be digits.' }) }),
    body: z.object({ name: z.string().min(2, { error: 'name is too short.' }) }),
  },
  async ({ query, body }) => {
    if (body.name === 'missing') throw new NotFoundError('No such thing.');
    if (body.name === 'hurry') throw new RateLimitError('Slow down.', 12.2);
    if (body.name === 'boom') throw new Error('secret internal detail');
    return json(200, { n: Number(query.n), name: body.name });
  },
);
const post = (query: Record<string, string>, body: unknown, headers?: Record<string, string>) =>
  handler(apiEvent({ method: 'POST', query, body, headers }), lambdaContext());

describe('httpHandler middy chain', () => {
  it('passes validated input to the route function', async () => {
    const result = await post({ n: '4' }, { name: 'Ada' });
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ n: 4, name: 'Ada' });
  });

  it('returns 400 with field errors when the query is invalid', async () => {
    const result = await post({ n: 'x' }, { name: 'Ada' });
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      error: { code: 'validation_failed', message: 'n must be digits.', fields: { n: 'n must be digits.' } },
    });
  });

  it('returns 400 when the body is not JSON', async () => {
    const result = await post({ n: '1' }, '{"name":', { 'content-type': 'application/json' });
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('returns 400 when the content type is not JSON', async () => {
    const result = await post({ n: '1' }, 'name=Ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(bodyOf(result)).toMatchObject({ error: { code: 'unsupported_content_type' } });
  });

  it('maps domain errors to their status and headers', async () => {
    expect((await post({ n: '1' }, { name: 'missing' })).statusCode).toBe(404);
    const limited = await post({ n: '1' }, { name: 'hurry' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers?.['retry-after']).toBe('13');
  });

  it('answers 500 without leaking the error for an unexpected failure', async () => {
    const result = await post({ n: '1' }, { name: 'boom' });
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret internal detail');
    expect(bodyOf(result)).toMatchObject({ error: { code: 'internal' } });
  });
});

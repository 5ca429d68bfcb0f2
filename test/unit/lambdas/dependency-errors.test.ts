import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, isDependencyFailure, ValidationError } from '../../../lambdas/lib/errors';
import { logger } from '../../../lambdas/lib/logger';

describe('dependency failures', () => {
  beforeAll(() => {
    // The 503 path logs a warning per failure: expected here, kept out of the test output.
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    vi.spyOn(logger, 'error').mockImplementation(() => {});
  });
  it.each([
    ['a request timeout', Object.assign(new Error('exceeded requestTimeout'), { name: 'TimeoutError', code: 'ETIMEDOUT' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['throttling', Object.assign(new Error('slow down'), { name: 'ThrottlingException' })],
    ['a 5xx answer', Object.assign(new Error('oops'), { name: 'UnknownError', $metadata: { httpStatusCode: 502 } })],
    // The lowest 5xx: a store's own 500 (InternalServerError, DynamoDB's or S3's "InternalError") is the store's failure.
    [
      'a 500 answer',
      Object.assign(new Error('We encountered an internal error'), { name: 'InternalError', $metadata: { httpStatusCode: 500 } }),
    ],
    ['a wrapped timeout', new Error('outer', { cause: Object.assign(new Error('inner'), { name: 'TimeoutError' }) })],
  ])('answers %s with 503 storage_unavailable and Retry-After', (_what, err) => {
    expect(isDependencyFailure(err)).toBe(true);
    const res = errorResponse(err);
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('5');
    expect(JSON.parse(String(res.body)).error.code).toBe('storage_unavailable');
  });

  it('leaves programming errors and 4xx answers to the 500 / domain paths', () => {
    expect(isDependencyFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isDependencyFailure(Object.assign(new Error('bad'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } }))).toBe(
      false,
    );
    // The highest 4xx is still the request's fault.
    expect(isDependencyFailure(Object.assign(new Error('huh'), { name: 'UnknownError', $metadata: { httpStatusCode: 499 } }))).toBe(false);
    expect(errorResponse(new ValidationError('no')).statusCode).toBe(400);
    expect(errorResponse(new TypeError('x')).statusCode).toBe(500);
  });
});

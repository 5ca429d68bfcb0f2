import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { type ApiError, fieldErrors } from '../../shared/schemas/common';
import { logger } from './logger';

/** A refusal the visitor can act on. Only this file turns errors into HTTP responses. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: Record<string, string>, code = 'validation_failed') {
    super(400, code, message, fields);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign in as an operator to do this.', code = 'unauthorized') {
    super(401, code, message, undefined, { 'www-authenticate': 'Bearer' });
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'You may not do this.') {
    super(403, 'forbidden', message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(404, code, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}
export class RateLimitError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, code = 'rate_limited') {
    super(429, code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class ServiceUnavailableError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, code = 'busy') {
    super(503, code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'SlowDown',
]);
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** A store or service that is down, stalled or throttling (not the request's fault): worth a retry later. */
export function isDependencyFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (e.name && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return e.cause !== undefined && e.cause !== err && isDependencyFailure(e.cause);
}

/** Seconds a visitor should wait before retrying after a dependency failure. */
const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * The one validation path: `value` checked by a shared zod schema, or a 400 `validation_failed`
 * whose message is the first problem and whose `fields` name every field's (what the form shows).
 */
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ValidationError(result.error.issues[0]?.message ?? 'Some fields are not valid.', fieldErrors(result.error));
  return result.data;
}

export function errorResponse(err: unknown): APIGatewayProxyStructuredResultV2 {
  if (err instanceof z.ZodError) {
    return respond(400, errorBody('validation_failed', 'Some fields are not valid.', fieldErrors(err)));
  }
  if (err instanceof DomainError) {
    return respond(err.status, errorBody(err.code, err.message, err.fields), err.headers);
  }
  if (isDependencyFailure(err)) {
    logger.warn('a dependency is unavailable', { error: err as Error });
    return respond(503, errorBody('storage_unavailable', 'Our storage is not answering right now. Please try again in a moment.'), {
      'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS),
    });
  }
  logger.error('unhandled error', { error: err as Error });
  return respond(500, errorBody('internal', 'Something went wrong on our side. Please try again.'));
}

function respond(status: number, body: ApiError, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

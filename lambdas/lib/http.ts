import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { PUBLIC_LIST_EDGE_SECONDS } from '../../shared/constants';
import { API_SETTINGS, assertSettings, config } from './config';
import { errorResponse, ForbiddenError, ValidationError, validated } from './errors';
import { logger } from './logger';
import { countMetric, METRIC, METRIC_DIMENSION, publishMetrics } from './metrics';
import { cameThroughEdge, viewerIp } from './viewer-ip';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  path: P;
  event: ApiEvent;
  /** The visitor's address (viewer-ip.ts): CloudFront's viewer address in AWS, the socket's locally. */
  sourceIp: string;
  userAgent: string;
  /** The invocation's Lambda context (remaining time for routes that must fit their deadline). */
  context: Context;
}

export interface HandlerSpec<QS extends Schema | undefined, BS extends Schema | undefined, PS extends Schema | undefined> {
  query?: QS;
  body?: BS;
  path?: PS;
}

/**
 * Builds a Lambda handler as a middy chain: the error mapper is the outermost catch, then the
 * logger's Lambda context (request id, cold start on every line), then the edge check and input
 * validation with the shared zod schemas, then the route function. Route functions read validated
 * input and return a result; they never build error responses themselves.
 *
 * In AWS (ORIGIN_SECRET set) a request without CloudFront's origin secret is refused before
 * anything else runs: the execute-api endpoint is reachable, but only the distribution gets answers.
 */
export function httpHandler<
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(spec: HandlerSpec<QS, BS, PS>, fn: (input: RouteInput<Infer<QS>, Infer<BS>, Infer<PS>>) => Promise<ApiResult>): ApiHandler {
  let settingsChecked = false;
  return middy<ApiEvent, ApiResult>()
    .use(errorMapper())
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(publishMetrics<ApiEvent, ApiResult>())
    .handler(async (event, context) => {
      if (!settingsChecked) {
        assertSettings(API_SETTINGS);
        settingsChecked = true;
      }
      const secret = config().ORIGIN_SECRET;
      const trusted = cameThroughEdge(event, secret);
      if (secret && !trusted) throw new ForbiddenError('Use the site’s address; this endpoint answers only through it.');
      const query = parse(spec.query, event.queryStringParameters ?? {});
      const path = parse(spec.path, event.pathParameters ?? {});
      const body = spec.body ? parse(spec.body, readJsonBody(event)) : undefined;
      return fn({
        query: query as Infer<QS>,
        body: body as Infer<BS>,
        path: path as Infer<PS>,
        event,
        sourceIp: viewerIp(event, trusted),
        userAgent: event.requestContext?.http?.userAgent ?? event.headers?.['user-agent'] ?? '',
        context,
      });
    }) as unknown as ApiHandler;
}

function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      const response = errorResponse(request.error);
      request.response = response;
      // Refusals by reason (validation, rate limit, busy…): the error code is the dimension.
      const status = response.statusCode ?? 500;
      if (status >= 400 && status !== 500) {
        countMetric(METRIC.refusals, METRIC_DIMENSION.reason, codeOf(response.body) ?? String(status));
      }
    },
  };
}

function codeOf(body: string | undefined): string | undefined {
  try {
    return (JSON.parse(body ?? '') as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

function parse(schema: Schema | undefined, value: unknown): unknown {
  return schema ? validated(schema, value) : undefined;
}

/** Largest JSON body any route accepts (the operator's base64 image import is the biggest). */
const MAX_JSON_BODY_BYTES = 12 * 1024 * 1024;

export function rawBody(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function header(event: ApiEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** The JSON body of `event` (content type and size checked); for routes that must authorise before validating. */
export function readJsonBody(event: ApiEvent): unknown {
  const type = header(event, 'content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ValidationError('Send the body as JSON (Content-Type: application/json).', undefined, 'unsupported_content_type');
  }
  const raw = rawBody(event);
  if (raw.length > MAX_JSON_BODY_BYTES) throw new ValidationError('The request body is too large.', undefined, 'body_too_large');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('The request body is not valid JSON.', undefined, 'invalid_json');
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function noContent(headers: Record<string, string> = {}): ApiResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store', ...headers } };
}

/**
 * A public gallery list's caching: browsers revalidate every time (max-age=0), CloudFront keeps it
 * PUBLIC_LIST_EDGE_SECONDS (s-maxage), and `etag` names its version, so a revalidation that still
 * holds it is answered 304 (notModified).
 */
export const publicListHeaders = (etag: string): Record<string, string> => ({
  'cache-control': `public, max-age=0, s-maxage=${PUBLIC_LIST_EDGE_SECONDS}`,
  etag,
});

/**
 * True when the request's If-None-Match names `etag`: a list of quoted tags, weak or strong (a tag may
 * itself hold commas, so the list is read tag by tag, not split on commas), or `*`.
 */
export function matchesEtag(event: ApiEvent, etag: string): boolean {
  const header = event.headers?.['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return [...header.matchAll(/(?:W\/)?("[^"]*")/g)].some((m) => m[1] === etag);
}

/** 304: the reader's copy is current; no body, the same caching headers as the full answer. */
export function notModified(headers: Record<string, string>): ApiResult {
  return { statusCode: 304, headers };
}

export function redirect(location: string, status = 302): ApiResult {
  return { statusCode: status, headers: { location, 'cache-control': 'no-store' } };
}

import type { ApiError } from '@shared/schemas/common';
import { filesHostFromApiBase } from '@shared/url-rule';

/** The product's own API base (same origin in every deployment: CloudFront routes /api/*). */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
/** Host that relative image urls are resolved against (spec section 3 url rule). */
export const FILES_HOST = filesHostFromApiBase(API_BASE);

/** An API refusal or a network failure, with the server's code and message when there is one. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * One key per submission (newIdempotencyKey()), sent as Idempotency-Key: the server stores the
   * write once and answers a repeat with the first answer, so the request is retried here, with
   * the same key, when the answer was lost (network error, 502/504) or the store was unavailable.
   */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key for one submission. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

function worthRetrying(err: ApiClientError): boolean {
  return (
    err.status === 0 ||
    err.status === 502 ||
    err.status === 504 ||
    (err.status === 503 && err.code === 'storage_unavailable') ||
    (err.status === 409 && err.code === 'request_in_progress')
  );
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * An answer src/boot.ts asked for while the first chunk loaded (a category page's list, metadata and
 * ads: frontend/build/prerender-pages.ts `withRoutePreloads`), with the same method, url and headers; each is taken once.
 */
function takeEarlyAnswer(method: string, url: string): Promise<Response> | undefined {
  if (method !== 'GET' || typeof window === 'undefined') return undefined;
  const early = (window as { artloomEarlyAnswers?: Record<string, Promise<Response>> }).artloomEarlyAnswers;
  const answer = early?.[url];
  if (early && answer) delete early[url];
  return answer;
}

/** A shared schema of an answer (classic zod or zod/mini alike): all the client needs is its parse. */
interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * The one HTTP client. Paths are relative to API_BASE ('/gallery/list?...'). Non-2xx answers
 * become ApiClientError with the server's `{ error: { code, message, fields } }`; a response that
 * drives logic is parsed with the shared zod schema when one is given.
 */
export async function request<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  schema?: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce(method, path, body, schema, options);
    } catch (err) {
      if (!options.idempotencyKey || attempt >= RETRIES || !(err instanceof ApiClientError) || !worthRetrying(err)) throw err;
      await wait(Math.min((err.retryAfterSeconds ?? 1) * 1000, MAX_RETRY_WAIT_MS), options.signal);
    }
  }
}

async function requestOnce<T>(
  method: string,
  path: string,
  body: unknown,
  schema: ResponseSchema<T> | undefined,
  options: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // No CSRF header: bearer tokens and cookieless visitors need none (docs/product.md §8).
  let response: Response;
  try {
    const url = `${API_BASE}${path}`;
    response = await (takeEarlyAnswer(method, url) ??
      fetch(url, { method, headers, body: payload, signal: options.signal, credentials: 'same-origin' }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiClientError(0, 'network_error', 'Network error.');
  }
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json'))
    throw new ApiClientError(response.status, 'bad_response', 'The server answered with something other than JSON.');
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}

/**
 * The shape of `apiErrorSchema`, checked by hand: this module is in the first chunk, and importing
 * the zod schema here would add zod (~25 kB gzip) to every page's first load.
 */
function isApiError(body: unknown): body is ApiError {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null) return false;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return false;
  const fields = error.fields;
  if (fields === undefined) return true;
  return typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string');
}

async function toError(response: Response): Promise<ApiClientError> {
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  try {
    const body: unknown = await response.json();
    if (isApiError(body)) {
      const { code, message, fields } = body.error;
      return new ApiClientError(response.status, code, message, fields, retryAfter);
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiClientError(response.status, 'http_error', `Request failed: ${response.status}`, undefined, retryAfter);
}

export const api = {
  get: <T>(path: string, schema?: ResponseSchema<T>, options?: RequestOptions) => request<T>('GET', path, undefined, schema, options),
  post: <T>(path: string, body?: unknown, schema?: ResponseSchema<T>, options?: RequestOptions) =>
    request<T>('POST', path, body, schema, options),
  delete: <T>(path: string, schema?: ResponseSchema<T>, options?: RequestOptions) => request<T>('DELETE', path, undefined, schema, options),
  /** multipart/form-data (feedback, issue reports); the browser sets the boundary. */
  postForm: <T>(path: string, form: FormData, schema?: ResponseSchema<T>, options?: RequestOptions) =>
    request<T>('POST', path, form, schema, options),
};

/** Query string from a record, skipping undefined values. */
export function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

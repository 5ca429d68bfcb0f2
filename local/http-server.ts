import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PUBLIC_PREFIX } from '../infra/lib/data-model';
import type { RouteDef } from '../lambdas/routes';
import { isSiteRoute, pageFileOf } from '../shared/site-routes';
import { pathProblem } from '../shared/text-rule';
import { fromApiGatewayResult, toApiGatewayEvent } from './apigw-event';
import type { FunctionHost, StreamSink } from './functions/host';

/** A local-only route (auth issuer, stand-in endpoints); returns true when it answered. */
export type LocalMiddleware = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface LocalServerOptions {
  routes: readonly RouteDef[];
  /** The deployed function that serves a route (its API area's). */
  functionFor: (route: RouteDef) => FunctionHost;
  /** S3 client and bucket behind /files/*. */
  s3: S3Client;
  imagesBucket: string;
  /** Built SPA folder; served with an index.html fallback. */
  staticDir?: string;
  /** Rewrites a page's HTML as it is served from staticDir (the local runtime's own words: page-text.ts). */
  pageText?: (html: string) => string;
  /** Vite dev middleware (npm run dev); takes precedence over staticDir. */
  vite?: { middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void };
  extra?: LocalMiddleware[];
  /** While false, /api answers 503 'starting' (the port is bound before the stand-ins are up). */
  ready?: () => boolean;
  log?: (line: string) => void;
}

/** API Gateway's payload limit; bigger requests never reach a Lambda. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Longest path segment accepted (API Gateway refuses far shorter whole URLs than Node would take). */
const MAX_SEGMENT_LENGTH = 1024;
/**
 * The longest name after /files/ (characters): every key we store is far shorter (`thumbs/1024/<uuid>.webp`
 * is 48). s3rver keeps a key as a file path and failed past the file system's 255-byte name (500).
 */
const MAX_FILE_NAME_LENGTH = 200;
/** How long /files waits for s3rver to answer before it says 503 (a stalled store must not hang the page). */
const FILES_DEADLINE_MS = 5_000;
/** An object stored without a Cache-Control of its own: the public keys are never rewritten. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/|image\/svg)/;

interface CompiledRoute {
  def: RouteDef;
  pattern: RegExp;
  params: string[];
}

function compile(def: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { def, pattern: new RegExp(`^${source.replace(/\\\{|\\\}/g, '')}$`), params };
}

export function createLocalServer(options: LocalServerOptions): Server {
  const routes = options.routes.map(compile);

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    try {
      for (const mw of options.extra ?? []) if (await mw(req, res)) return;
      // /i/<id> is the picture page, an API route that answers HTML (CloudFront's /i/* behaviour in AWS).
      if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/i/')) return await api(req, res, url);
      if (url.pathname.startsWith('/files/')) return await files(req, res, url);
      if (options.vite) return options.vite.middlewares(req, res, () => notFound(res));
      if (options.staticDir) return serveStatic(req, res, url, options.staticDir, options.pageText);
      notFound(res);
    } catch (err) {
      options.log?.(`local server error on ${req.method} ${url.pathname}: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'Local server error.' } });
      else res.end();
    }
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (options.ready && !options.ready()) {
      return sendJson(res, 503, { error: { code: 'starting', message: 'The local stack is still starting.' } }, { 'retry-after': '2' });
    }
    // API Gateway refuses an oversized payload before it looks at the route.
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { error: { code: 'payload_too_large', message: 'The request is larger than 10 MB.' } });
    const candidates = routes.filter((r) => r.pattern.test(url.pathname));
    if (candidates.length === 0)
      return sendJson(res, 404, { error: { code: 'route_not_found', message: `No route for ${url.pathname}.` } });
    const route = candidates.find((r) => r.def.method === req.method);
    if (!route) {
      return sendJson(
        res,
        405,
        { error: { code: 'method_not_allowed', message: `${req.method} is not allowed here.` } },
        { allow: candidates.map((r) => r.def.method).join(', ') },
      );
    }
    const match = route.pattern.exec(url.pathname);
    // A malformed escape (`%%`, `%E0%A4`) or an overlong segment is the client's error, as API Gateway answers it.
    const raw = route.params.map((_, i) => match?.[i + 1] ?? '');
    const decoded = raw.map(safeDecode);
    if (raw.some((s) => s.length > MAX_SEGMENT_LENGTH) || decoded.some((d) => d === undefined)) {
      return sendJson(res, 400, { error: { code: 'bad_path', message: 'The request path is malformed.' } });
    }
    const pathParameters = Object.fromEntries(route.params.map((name, i) => [name, decoded[i] ?? '']));
    const event = toApiGatewayEvent(req, body, route.def, pathParameters);
    const fn = options.functionFor(route.def);
    const started = performance.now();
    if (route.def.stream) {
      // A response-streaming function (a Function URL in AWS): its chunks go out as they come.
      await fn.invokeStream(event, streamSink(res)).catch((err: Error) => {
        options.log?.(`local server error on ${req.method} ${url.pathname}: ${err.stack ?? err}`);
        if (!res.headersSent) internalError(res);
        else res.end();
      });
      options.log?.(`${req.method} ${url.pathname} stream ${(performance.now() - started).toFixed(1)} ms`);
      return;
    }
    let answer: APIGatewayProxyStructuredResultV2 | string | undefined;
    try {
      answer = (await fn.invoke(event)) as typeof answer;
    } catch (err) {
      // A function that throws (or dies) is API Gateway's 500 with its own body, as in AWS.
      options.log?.(`local server error on ${req.method} ${url.pathname}: ${(err as Error).stack ?? err}`);
      return internalError(res);
    }
    const result = fromApiGatewayResult(answer);
    options.log?.(`${req.method} ${url.pathname} ${result.status} ${(performance.now() - started).toFixed(1)} ms`);
    send(req, res, result.status, result.headers, result.body);
  }

  async function files(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { error: { code: 'method_not_allowed', message: 'Files are read-only.' } });
    // `/files/%00`, a bidi control or broken escapes: the client's error (400), never a 500 from the store.
    const problem = pathProblem(url.pathname);
    if (problem) return sendJson(res, 400, { error: { code: 'bad_path', message: problem } });
    const rest = safeDecode(url.pathname.slice('/files/'.length));
    if (rest === undefined) return sendJson(res, 400, { error: { code: 'bad_path', message: 'The request path is malformed.' } });
    if ([...rest].length > MAX_FILE_NAME_LENGTH) {
      return sendJson(res, 400, {
        error: { code: 'name_too_long', message: `A file name is at most ${MAX_FILE_NAME_LENGTH} characters.` },
      });
    }
    const key = `${PUBLIC_PREFIX}${rest}`;
    if (key.includes('..')) return notFound(res);
    // One deadline for the whole answer (both tries): a stalled s3rver (SIGSTOP, a full disk) is a 503, not a hang.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), FILES_DEADLINE_MS);
    try {
      const get = () =>
        options.s3.send(new GetObjectCommand({ Bucket: options.imagesBucket, Key: key, IfNoneMatch: req.headers['if-none-match'] }), {
          abortSignal: deadline.signal,
        });
      // s3rver answers a burst of parallel reads with the odd InternalError on a busy machine (a page of ~60 thumbnails
      // in CI): one more try after the SDK's own, logged, before the browser sees a 500.
      const object = await get().catch(async (err: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        if (deadline.signal.aborted || err.name === 'NoSuchKey' || (err.$metadata?.httpStatusCode ?? 500) < 500) throw err;
        options.log?.(`files: ${key} failed once (${err.name ?? 'error'}), trying again`);
        await new Promise((r) => setTimeout(r, 50));
        return get();
      });
      clearTimeout(timer);
      const headers: Record<string, string> = {
        'content-type': object.ContentType ?? 'application/octet-stream',
        // The object's own header, as CloudFront passes it on: immutable for an operator's picture, short for a shared copy.
        'cache-control': object.CacheControl ?? IMMUTABLE,
        ...(object.ETag ? { etag: object.ETag } : {}),
        ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
      };
      res.writeHead(200, headers);
      if (req.method === 'HEAD') return res.end();
      const stream = object.Body as NodeJS.ReadableStream;
      // A body cut off half way: the browser sees a broken response, not a request left open.
      stream.once('error', () => res.destroy());
      stream.pipe(res);
    } catch (err) {
      clearTimeout(timer);
      if (deadline.signal.aborted) {
        options.log?.(`files: ${key} had no answer from the store within its deadline`);
        return sendJson(
          res,
          503,
          { error: { code: 'storage_unavailable', message: 'The file store did not answer in time. Please try again shortly.' } },
          { 'retry-after': '5' },
        );
      }
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.$metadata?.httpStatusCode === 304) {
        res.writeHead(304);
        return res.end();
      }
      if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return notFound(res);
      throw err;
    }
  }
}

/** What API Gateway answers when the integration fails. */
function internalError(res: ServerResponse) {
  sendJson(res, 500, { message: 'Internal Server Error' });
}

/** A streaming invocation's answer onto a Node response; a viewer that goes away aborts the function's stream. */
function streamSink(res: ServerResponse): StreamSink {
  return {
    head: (m) => {
      if (!res.headersSent) res.writeHead(m.statusCode, m.headers);
    },
    write: (chunk) => {
      if (!res.headersSent) res.writeHead(200);
      res.write(chunk);
    },
    end: () => {
      if (!res.headersSent) res.writeHead(200);
      res.end();
    },
    onAbort: (abort) =>
      res.once('close', () => {
        if (!res.writableFinished) abort();
      }),
  };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) {
  const type = String(headers['content-type'] ?? '');
  if (body.length > 1024 && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function notFound(res: ServerResponse) {
  sendJson(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, root: string, pageText?: (html: string) => string) {
  const decoded = safeDecode(url.pathname);
  if (decoded === undefined) return sendJson(res, 400, { error: { code: 'bad_path', message: 'The request path is malformed.' } });
  const rel = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  let file = join(root, rel);
  const isAsset = existsSync(file) && statSync(file).isFile();
  // The SPA answers its own routes; any other path gets the same page (it renders 'Page not found') with a real 404,
  // as the CloudFront Function does in AWS (infra/lib/spa-router.ts).
  const status = isAsset || isSiteRoute(url.pathname) ? 200 : 404;
  // A route's own prerendered page (shared/site-routes.ts), else index.html.
  const page = join(root, status === 200 ? pageFileOf(url.pathname) : 'index.html');
  if (!isAsset) file = existsSync(page) ? page : join(root, 'index.html');
  if (!existsSync(file)) return notFound(res);
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': type,
    // Hashed assets never change; index.html must always be revalidated.
    'cache-control': isAsset && rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (pageText && type.startsWith('text/html')) return send(req, res, status, headers, Buffer.from(pageText(readFileSync(file, 'utf8'))));
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (accepts && COMPRESSIBLE.test(type) && existsSync(`${file}.gz`)) {
    headers['content-encoding'] = 'gzip';
    headers.vary = 'accept-encoding';
    file = `${file}.gz`;
  } else if (accepts && COMPRESSIBLE.test(type)) {
    // send() compresses (and sets content-encoding); compressing here too sent gzip-in-gzip.
    return send(req, res, status, headers, readFileSync(file));
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/**
 * Builds a genuine API Gateway HTTP API (payload format 2.0) event from a Node request, the way
 * API Gateway does: lower-cased headers with repeated values joined by commas, cookies apart,
 * repeated query values joined by commas, and a base64 body for anything that is not text.
 */
export function toApiGatewayEvent(
  req: IncomingMessage,
  body: Buffer,
  route: { method: string; path: string },
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] ?? '').toLowerCase();
    const value = req.rawHeaders[i + 1] ?? '';
    if (name === 'cookie') {
      cookies = [...(cookies ?? []), ...value.split(/;\s*/).filter(Boolean)];
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = query[key] === undefined ? value : `${query[key]},${value}`;
  const contentType = headers['content-type'] ?? '';
  const isText = /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml))/i.test(contentType);
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  headers['x-forwarded-for'] ??= sourceIp;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length
      ? { body: isText ? body.toString('utf8') : body.toString('base64'), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/** The parts of a handler result the HTTP response needs. */
export function fromApiGatewayResult(result: APIGatewayProxyStructuredResultV2 | string | undefined): {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
} {
  if (result === undefined) return { status: 204, headers: {}, body: Buffer.alloc(0) };
  // API Gateway treats a bare string (or object without statusCode) as a 200 JSON body.
  if (typeof result === 'string' || result.statusCode === undefined) {
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
    };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(result.headers ?? {})) headers[key.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  return { status: result.statusCode, headers, body };
}

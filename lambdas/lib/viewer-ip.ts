import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The header CloudFront adds to every origin request on the /api/* behaviour (web.ts: the origin's
 * custom headers). Its value is a secret only CloudFront and the handlers know, so a request that
 * carries it came through the distribution, its WAF and its security headers.
 */
export const ORIGIN_SECRET_HEADER = 'x-artloom-origin';
/** Added by CloudFront (origin request policy in web.ts): `<viewer ip>:<viewer source port>`. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** True when `event` carries the origin secret (constant-time comparison). */
export function cameThroughEdge(event: APIGatewayProxyEventV2, secret: string): boolean {
  if (!secret) return false;
  const given = Buffer.from(headerOf(event, ORIGIN_SECRET_HEADER) ?? '');
  const wanted = Buffer.from(secret);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** `198.51.100.7:46532` → `198.51.100.7`; `2001:db8::1:46532` → `2001:db8::1` (IPv6 comes without brackets). */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  const colon = trimmed.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(trimmed.slice(colon + 1))) return undefined;
  const ip = trimmed.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return isIP(ip) ? ip : undefined;
}

/**
 * The visitor's address, the one key of every per-IP limit. Behind CloudFront (`trusted`: the
 * request carried the origin secret) it is CloudFront's viewer address; API Gateway's sourceIp is
 * then the edge's address. Without the edge (locally) it is the connection's address. A client's
 * X-Forwarded-For is never read: anyone can write it.
 */
export function viewerIp(event: APIGatewayProxyEventV2, trusted: boolean): string {
  const viewer = trusted ? parseViewerAddress(headerOf(event, VIEWER_ADDRESS_HEADER)) : undefined;
  return viewer ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

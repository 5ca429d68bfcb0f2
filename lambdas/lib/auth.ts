import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { config } from './config';
import { ForbiddenError, UnauthorizedError } from './errors';
import { type ApiEvent, header } from './http';
import { logger } from './logger';

/**
 * Operator check for admin routes. Verifies `Authorization: Bearer <JWT>` (RS256 only: `alg: none`
 * and HMAC are refused) against the JWKS, issuer, client id (`client_id`, or `aud`) and expiry from config — Cognito's user pool in AWS, the local issuer locally, with the
 * same code — and requires the operator group in `cognito:groups`. The role never comes from the
 * request body.
 */
export interface AdminIdentity {
  sub: string;
  email?: string;
}

/**
 * The oldest operator credential accepted: an access token issued (`iat`), or a sign-in made
 * (`auth_time`, which Cognito keeps through refreshed tokens), more than an hour ago is refused with
 * 401 `token_too_old`, whatever its `exp` says, so a leaked or long-lived token (a user pool client
 * configured with longer validity) opens the console for an hour at most. A minute of clock skew.
 */
export const MAX_OPERATOR_TOKEN_AGE_SECONDS = 3600;
const CLOCK_SKEW_SECONDS = 60;

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwks(url: string) {
  let set = jwksByUrl.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    jwksByUrl.set(url, set);
  }
  return set;
}

function bearerToken(event: ApiEvent): string | undefined {
  const value = header(event, 'authorization');
  // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are the same credential.
  const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i.exec(value?.trim() ?? '');
  return match?.[1];
}

/** Issued (or signed in) more than MAX_OPERATOR_TOKEN_AGE_SECONDS ago; `iat` is required, `auth_time` read when present. */
function tooOld(payload: JWTPayload, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const since = [payload.iat, payload.auth_time].filter((t): t is number => typeof t === 'number');
  return since.length === 0 || nowSeconds - Math.min(...since) > MAX_OPERATOR_TOKEN_AGE_SECONDS + CLOCK_SKEW_SECONDS;
}

/** Cognito ID tokens carry the app client in `aud`, access tokens in `client_id`; either must match. */
function audienceMatches(payload: JWTPayload, audience: string): boolean {
  const aud = payload.aud;
  if (Array.isArray(aud) ? aud.includes(audience) : aud === audience) return true;
  return payload.client_id === audience;
}

export async function requireAdmin(event: ApiEvent): Promise<AdminIdentity> {
  const { AUTH_JWKS_URL, AUTH_ISSUER, AUTH_AUDIENCE, AUTH_ADMIN_GROUP } = config();
  const token = bearerToken(event);
  if (!token) throw new UnauthorizedError();
  if (!AUTH_JWKS_URL || !AUTH_ISSUER || !AUTH_AUDIENCE) {
    // Fail closed: without all three a token could not be tied to our user pool and client.
    logger.warn('AUTH_JWKS_URL, AUTH_ISSUER or AUTH_AUDIENCE is not set: every operator request is refused');
    throw new UnauthorizedError();
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks(AUTH_JWKS_URL), {
      issuer: AUTH_ISSUER,
      algorithms: ['RS256'],
      // jose checks `exp` only when present: a token without one would never expire.
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    logger.info('operator token refused', { reason: (err as Error).name });
    throw new UnauthorizedError('Your operator sign-in is missing, invalid or expired.');
  }
  if (!audienceMatches(payload, AUTH_AUDIENCE) || typeof payload.sub !== 'string') {
    throw new UnauthorizedError('Your operator sign-in is missing, invalid or expired.');
  }
  // Access tokens only (Cognito's carry token_use 'access'; an ID token is not a bearer credential).
  if (payload.token_use !== 'access') throw new UnauthorizedError('Your operator sign-in is missing, invalid or expired.');
  if (tooOld(payload)) {
    logger.info('operator token refused', { reason: 'token_too_old' });
    throw new UnauthorizedError('Your operator sign-in is more than an hour old. Sign in again.', 'token_too_old');
  }
  const groups = payload['cognito:groups'];
  if (!Array.isArray(groups) || !groups.includes(AUTH_ADMIN_GROUP)) throw new ForbiddenError('Only operators may do this.');
  return { sub: payload.sub, ...(typeof payload.email === 'string' ? { email: payload.email } : {}) };
}

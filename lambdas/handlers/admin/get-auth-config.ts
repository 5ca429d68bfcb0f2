import type { AuthConfig } from '../../../shared/schemas/admin';
import { config } from '../../lib/config';
import { httpHandler, json } from '../../lib/http';

/**
 * GET /api/auth/config (public): the console's OpenID Connect settings — the issuer (Cognito's user
 * pool in AWS, the local provider locally), the app client and, for Cognito, its /logout endpoint.
 */
export const handler = httpHandler({}, async () => {
  const { AUTH_ISSUER, AUTH_AUDIENCE, AUTH_LOGOUT_URL } = config();
  const body: AuthConfig = {
    authority: AUTH_ISSUER,
    clientId: AUTH_AUDIENCE,
    scope: 'openid email',
    ...(AUTH_LOGOUT_URL ? { endSessionUrl: AUTH_LOGOUT_URL, logoutParams: { client_id: AUTH_AUDIENCE } } : {}),
  };
  return json(200, body, { 'cache-control': 'public, max-age=300' });
});

import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { OPERATORS_GROUP } from '../../shared/admin';
import type { LocalOperator } from './credentials';
import { MemoryAdapter } from './memory-adapter';
import { page } from './pages';

/**
 * The oidc-provider configuration standing in for Cognito's managed login: the authorization-code
 * flow with PKCE for one public client (the console at /admin), RP-initiated logout, and JWT access
 * tokens that carry `client_id`, `token_use: 'access'` and the operators' group in `cognito:groups`
 * as Cognito's do.
 */
export const OIDC_PREFIX = '/__local/oidc';
export const LOCAL_CLIENT_ID = 'artloom-console';
export const API_RESOURCE = 'urn:artloom:api';
export const KID = 'local-1';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const INTERACTION_PATH = `${OIDC_PREFIX}/interaction/`;

/**
 * The site's origin under each loopback name: the same local server answers a browser that opened
 * it at localhost, 127.0.0.1 or [::1], and the console's redirect URI is the origin it was opened
 * at. The issuer keeps its one name (a token's `iss` must match what the API checks).
 */
function loopbackOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return [url.origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * The Host names the provider answers to: the loopback names with the server's own port, nothing
 * else (a page on another site cannot reach it through a DNS name rebound to 127.0.0.1).
 */
export function allowedHosts(publicUrl: string): Set<string> {
  const { port } = new URL(publicUrl);
  return new Set(['localhost', '127.0.0.1', '[::1]'].map((host) => (port ? `${host}:${port}` : host)));
}

export function providerConfiguration(publicUrl: string, privateJwk: JWK, operator: LocalOperator): Configuration {
  const origins = loopbackOrigins(publicUrl);
  return {
    adapter: MemoryAdapter,
    // The console's own origins only (the local server under any loopback name).
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => origins.includes(origin),
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_name: 'Artloom operator console',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/admin`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/admin`),
      },
    ],
    jwks: { keys: [{ ...privateJwk, kid: KID, alg: 'RS256', use: 'sig' }] },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'email'],
    claims: { openid: ['sub'], email: ['email'] },
    ttl: { AccessToken: ACCESS_TOKEN_TTL_SECONDS, IdToken: ACCESS_TOKEN_TTL_SECONDS, Session: 8 * 3600, Grant: 8 * 3600, Interaction: 600 },
    findAccount: (_ctx, id) =>
      id === operator.username ? { accountId: id, claims: () => ({ sub: id, email: operator.username }) } : undefined,
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}${interaction.uid}` },
    // The console is first-party: no consent screen, as with Cognito's managed login.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) {
        const grant = await provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      grant.addResourceScope(API_RESOURCE, 'openid email');
      await grant.save();
      return grant;
    },
    extraTokenClaims: async (_ctx, token) =>
      token.kind === 'AccessToken'
        ? { token_use: 'access', username: token.accountId, email: operator.username, 'cognito:groups': [OPERATORS_GROUP] }
        : undefined,
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid email',
          audience: API_RESOURCE,
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        // Like Cognito's /logout: no confirmation page, the session ends and the browser goes back.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            'Signing out',
            `<h1>Signing out…</h1>${form}<input type="hidden" form="op.logoutForm" name="logout" value="yes"><button type="submit" form="op.logoutForm">Continue</button><script>document.forms[0].submit()</script>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', '<h1>Signed out</h1><p><a href="/admin">Back to the console</a></p>');
        },
      },
    },
  };
}

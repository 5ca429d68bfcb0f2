import type { IncomingMessage, ServerResponse } from 'node:http';
import { importJWK, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { OPERATORS_GROUP } from '../../shared/admin';
import { type LocalOperator, loadOrCreateKeys, loadOrCreateOperator } from '../oidc/credentials';
import { page, sendHtml } from '../oidc/pages';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_RESOURCE,
  allowedHosts,
  INTERACTION_PATH,
  KID,
  LOCAL_CLIENT_ID,
  OIDC_PREFIX,
  providerConfiguration,
} from '../oidc/provider';
import { clearSignInFailures, signIn } from '../oidc/sign-in';
import type { LocalPlugin } from './types';

/**
 * The local OpenID provider standing in for Cognito's managed login (oidc-provider; its
 * configuration in local/oidc/provider.ts, its sign-in page in local/oidc/sign-in.ts). The handlers
 * verify its tokens with the same code as in AWS (JWKS from the issuer, lambdas/lib/auth.ts).
 *
 * On first start the operator is created with a generated password, kept in `<dataDir>/operator.json`
 * as `{ "username", "password" }` (in memory in tests: `localIssuer().operator`).
 *
 * Cognito access tokens carry the app client in `client_id`; the local ones do too.
 */
const LOCAL_AUDIENCE = LOCAL_CLIENT_ID;

export interface MintOptions {
  groups?: string[];
  /** Seconds from now; negative for an already expired token. */
  expiresIn?: number;
  sub?: string;
  email?: string;
  audience?: string;
  issuer?: string;
}

export interface LocalIssuer {
  issuer: string;
  audience: string;
  clientId: string;
  operator: LocalOperator;
  jwks: { keys: JWK[] };
  /** Tests mint admin, non-admin, expired and foreign tokens signed with the provider's own key. */
  mint(options?: MintOptions): Promise<string>;
}

let current: LocalIssuer | undefined;

/** The running local issuer. */
export function localIssuer(): LocalIssuer {
  if (!current) throw new Error('the local auth plugin is not started');
  return current;
}

export const authPlugin: LocalPlugin = {
  name: 'auth',
  async start(ctx) {
    const { privateJwk, publicJwk } = await loadOrCreateKeys(ctx.dataDir);
    const { operator, file, created } = loadOrCreateOperator(ctx.dataDir);
    const privateKey = await importJWK(privateJwk, 'RS256');
    const issuer = `${ctx.publicUrl}${OIDC_PREFIX}`;
    const provider = new Provider(issuer, providerConfiguration(ctx.publicUrl, privateJwk, operator));
    const callback = provider.callback();
    const hosts = allowedHosts(ctx.publicUrl);
    const handle: LocalIssuer = {
      issuer,
      audience: LOCAL_AUDIENCE,
      clientId: LOCAL_CLIENT_ID,
      operator,
      jwks: { keys: [publicJwk] },
      mint: (o = {}) =>
        new SignJWT({
          'cognito:groups': o.groups ?? [OPERATORS_GROUP],
          token_use: 'access',
          client_id: o.audience ?? LOCAL_CLIENT_ID,
          ...(o.email ? { email: o.email } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
          .setSubject(o.sub ?? operator.username)
          .setIssuer(o.issuer ?? issuer)
          .setAudience(API_RESOURCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + (o.expiresIn ?? ACCESS_TOKEN_TTL_SECONDS))
          .sign(privateKey),
    };
    current = handle;
    if (file) {
      ctx.log(
        `operator sign-in at ${ctx.publicUrl}/admin: ${created ? 'created' : 'credentials in'} ${file} (username ${operator.username})`,
      );
    }
    return {
      env: {
        AUTH_ISSUER: issuer,
        AUTH_JWKS_URL: `${issuer}/jwks`,
        AUTH_AUDIENCE: LOCAL_CLIENT_ID,
        AUTH_LOGOUT_URL: '',
      },
      middleware: async (req, res) => {
        const url = req.url ?? '';
        if (!url.startsWith(OIDC_PREFIX)) return false;
        if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
          return sendHtml(res, 421, page('Sign in', '<h1>Unknown host</h1><p>Open the console at localhost.</p>'));
        }
        const path = url.split('?')[0] ?? '';
        if (path.startsWith(INTERACTION_PATH)) return signIn(provider, operator, req, res);
        // Mounted like Express does it: the provider derives its mount path from originalUrl.
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = url.slice(OIDC_PREFIX.length) || '/';
        await new Promise<void>((resolve) => {
          res.once('finish', resolve);
          res.once('close', resolve);
          void (callback as (rq: IncomingMessage, rs: ServerResponse) => Promise<void>)(req, res);
        });
        return true;
      },
      stop: async () => {
        if (current === handle) current = undefined;
        clearSignInFailures();
      },
    };
  },
};

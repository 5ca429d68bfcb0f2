import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { OPERATORS_GROUP } from '../../shared/admin';
import { MemoryAdapter } from '../oidc/memory-adapter';
import { loginPage, page, readForm, sendHtml } from '../oidc/pages';
import type { LocalPlugin } from './types';

/**
 * The local OpenID provider standing in for Cognito's managed login (oidc-provider): the
 * authorization-code flow with PKCE for one public client (the console at /admin), a sign-in page
 * checking the local operator's password, RP-initiated logout, and JWT access tokens that carry
 * `client_id`, `token_use: 'access'` and the operators' group in `cognito:groups` as Cognito's do.
 * The handlers verify them with the same code as in AWS (JWKS from the issuer, lambdas/lib/auth.ts).
 *
 * On first start the operator is created with a generated password, kept in `<dataDir>/operator.json`
 * as `{ "username", "password" }` (in memory in tests: `localIssuer().operator`).
 */
const OIDC_PREFIX = '/__local/oidc';
const LOCAL_CLIENT_ID = 'artloom-console';
/** Cognito access tokens carry the app client in `client_id`; the local ones do too. */
const LOCAL_AUDIENCE = LOCAL_CLIENT_ID;
const API_RESOURCE = 'urn:artloom:api';
const KID = 'local-1';
const ACCESS_TOKEN_TTL_SECONDS = 3600;
const INTERACTION_PATH = `${OIDC_PREFIX}/interaction/`;

export interface MintOptions {
  groups?: string[];
  /** Seconds from now; negative for an already expired token. */
  expiresIn?: number;
  sub?: string;
  email?: string;
  audience?: string;
  issuer?: string;
}

export interface LocalOperator {
  username: string;
  password: string;
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

async function loadOrCreateKeys(dataDir: string | null): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const file = dataDir ? join(dataDir, 'auth', 'signing-key.json') : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { privateJwk: JWK; publicJwk: JWK };
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keys = {
    privateJwk: await exportJWK(privateKey),
    publicJwk: { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' },
  };
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}

/** The operator of operator.json, created with a generated password when the file is absent. */
export function loadOrCreateOperator(dataDir: string | null): { operator: LocalOperator; file: string | null; created: boolean } {
  const file = dataDir ? join(dataDir, 'operator.json') : null;
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalOperator>;
    if (typeof saved.username === 'string' && typeof saved.password === 'string' && saved.password.length >= 12) {
      return { operator: { username: saved.username, password: saved.password }, file, created: false };
    }
  }
  const operator = { username: 'operator@artloom.local', password: randomBytes(18).toString('base64url') };
  if (file) {
    mkdirSync(dataDir as string, { recursive: true });
    writeFileSync(file, `${JSON.stringify(operator, null, 2)}\n`, { mode: 0o600 });
  }
  return { operator, file, created: true };
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

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

/** Wrong passwords allowed per client address within the window; then the page says wait. */
export const SIGN_IN_ATTEMPTS = 5;
const SIGN_IN_WINDOW_MS = 60_000;
const failures = new Map<string, number[]>();

function recentFailures(address: string, now = Date.now()): number[] {
  const recent = (failures.get(address) ?? []).filter((at) => now - at < SIGN_IN_WINDOW_MS);
  if (recent.length) failures.set(address, recent);
  else failures.delete(address);
  return recent;
}

function providerConfiguration(publicUrl: string, privateJwk: JWK, operator: LocalOperator): Configuration {
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
        if (path.startsWith(INTERACTION_PATH)) return interaction(provider, operator, req, res);
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
        failures.clear();
      },
    };
  },
};

async function interaction(provider: Provider, operator: LocalOperator, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return sendHtml(res, 400, page('Sign in', '<h1>Sign-in expired</h1><p><a href="/admin">Start again from the console</a></p>'));
  }
  if (req.method === 'GET') return sendHtml(res, 200, loginPage(`${INTERACTION_PATH}${details.uid}`));
  if (req.method !== 'POST') return sendHtml(res, 405, page('Sign in', '<h1>Method not allowed</h1>'));
  const form = await readForm(req);
  const username = (form.get('username') ?? '').trim();
  const password = form.get('password') ?? '';
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const recent = recentFailures(address);
  if (recent.length >= SIGN_IN_ATTEMPTS) {
    const wait = Math.max(1, Math.ceil((SIGN_IN_WINDOW_MS - (Date.now() - (recent[0] ?? 0))) / 1000));
    res.setHeader('retry-after', String(wait));
    return sendHtml(res, 429, loginPage(`${INTERACTION_PATH}${details.uid}`, `Too many attempts. Wait ${wait} s and try again.`, username));
  }
  if (!same(username, operator.username) || !same(password, operator.password)) {
    failures.set(address, [...recent, Date.now()]);
    return sendHtml(res, 401, loginPage(`${INTERACTION_PATH}${details.uid}`, 'Incorrect username or password.', username));
  }
  await provider.interactionFinished(req, res, { login: { accountId: operator.username } }, { mergeWithLastSubmission: false });
  return true;
}

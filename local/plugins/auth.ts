import { timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { LocalPlugin } from './types';

/**
 * The local JWT issuer standing in for Cognito: an RS256 key pair made on first start (kept under
 * dataDir/auth, in memory in tests), its JWKS at GET /__local/auth/jwks.json, and
 * POST /__local/auth/token `{ password }` → `{ token }` in the operators group, answered only to
 * loopback clients. The handlers verify these tokens with the same code as Cognito's.
 */
export const DEFAULT_LOCAL_ADMIN_PASSWORD = 'artloom-admin';
export const LOCAL_AUDIENCE = 'artloom-local-admin';
export const JWKS_PATH = '/__local/auth/jwks.json';
export const TOKEN_PATH = '/__local/auth/token';
const KID = 'local-1';
const TOKEN_TTL_SECONDS = 8 * 3600;

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
  jwks: { keys: JWK[] };
  mint(options?: MintOptions): Promise<string>;
}

let current: LocalIssuer | undefined;

/** The running local issuer (tests mint admin, non-admin and expired tokens with it). */
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

function isLoopback(req: IncomingMessage): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '127.0.0.1' || address === '::1';
}

function send(res: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
  return true;
}

function readJson(req: IncomingMessage, limit = 4096): Promise<unknown> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(size > limit ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const authPlugin: LocalPlugin = {
  name: 'auth',
  async start(ctx) {
    const password = process.env.LOCAL_ADMIN_PASSWORD || DEFAULT_LOCAL_ADMIN_PASSWORD;
    const { privateJwk, publicJwk } = await loadOrCreateKeys(ctx.dataDir);
    const privateKey = await importJWK(privateJwk, 'RS256');
    const issuer = `${ctx.publicUrl}/__local/auth`;
    current = {
      issuer,
      audience: LOCAL_AUDIENCE,
      jwks: { keys: [publicJwk] },
      mint: (o = {}) =>
        new SignJWT({ 'cognito:groups': o.groups ?? ['admins'], token_use: 'id', ...(o.email ? { email: o.email } : {}) })
          .setProtectedHeader({ alg: 'RS256', kid: KID })
          .setSubject(o.sub ?? 'local-operator')
          .setIssuer(o.issuer ?? issuer)
          .setAudience(o.audience ?? LOCAL_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + (o.expiresIn ?? TOKEN_TTL_SECONDS))
          .sign(privateKey),
    };
    const issuerHandle = current;
    ctx.log(`local operator sign-in: POST ${TOKEN_PATH} {"password":"${password}"} (set LOCAL_ADMIN_PASSWORD to change it)`);
    return {
      env: { AUTH_JWKS_URL: `${ctx.publicUrl}${JWKS_PATH}`, AUTH_ISSUER: issuer, AUTH_AUDIENCE: LOCAL_AUDIENCE },
      middleware: async (req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path === JWKS_PATH && req.method === 'GET') return send(res, 200, issuerHandle.jwks);
        if (path !== TOKEN_PATH) return false;
        if (!isLoopback(req))
          return send(res, 403, { error: { code: 'forbidden', message: 'The local issuer answers only on this machine.' } });
        if (req.method !== 'POST') return send(res, 405, { error: { code: 'method_not_allowed', message: 'Use POST.' } });
        const body = (await readJson(req)) as { password?: unknown } | undefined;
        if (typeof body?.password !== 'string' || !samePassword(body.password, password)) {
          return send(res, 401, { error: { code: 'unauthorized', message: 'Wrong operator password.' } });
        }
        return send(res, 200, { token: await issuerHandle.mint({ email: 'operator@localhost' }) });
      },
      stop: async () => {
        if (current === issuerHandle) current = undefined;
      },
    };
  },
};

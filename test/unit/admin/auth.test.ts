import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_OPERATOR_TOKEN_AGE_SECONDS, requireAdmin } from '../../../lambdas/lib/auth';
import { resetConfig } from '../../../lambdas/lib/config';
import { DomainError } from '../../../lambdas/lib/errors';
import { loadOrCreateOperator } from '../../../local/oidc/credentials';
import { operatorCommands } from '../../../scripts/admin-create';
import { apiEvent } from '../../fixtures/api-event';
import { testIssuer } from '../../fixtures/jwt';

const JWKS_URL = 'https://issuer.test/.well-known/jwks.json';
let issuer: Awaited<ReturnType<typeof testIssuer>>;

beforeAll(async () => {
  issuer = await testIssuer();
  Object.assign(process.env, { AUTH_JWKS_URL: JWKS_URL, AUTH_ISSUER: issuer.issuer, AUTH_AUDIENCE: issuer.audience });
  resetConfig();
  vi.stubGlobal('fetch', async (input: string | URL | Request) =>
    String(input) === JWKS_URL
      ? new Response(JSON.stringify(issuer.jwks), { headers: { 'content-type': 'application/json' } })
      : new Response('', { status: 404 }),
  );
});
afterAll(() => vi.unstubAllGlobals());

const check = async (token: string | undefined, scheme = 'Bearer') => {
  try {
    return await requireAdmin(
      apiEvent({ method: 'GET', path: '/api/admin/images', headers: token ? { authorization: `${scheme} ${token}` } : {} }),
    );
  } catch (err) {
    if (err instanceof DomainError) return err.status;
    throw err;
  }
};
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('requireAdmin: the one operator check', () => {
  it('accepts an access token of the operators group, by aud or by client_id (Cognito access tokens)', async () => {
    expect(await check(await issuer.mint())).toMatchObject({ sub: 'operator-1' });
    expect(await check(await issuer.mint({ aud: 'urn:api', clientId: issuer.audience }))).toMatchObject({ sub: 'operator-1' });
  });

  it.each([
    ['no token', async () => undefined, 401],
    ['an expired token', () => issuer.mint({ expiresIn: -30 }), 401],
    ['a token without exp (it would never expire)', () => issuer.mint({ omit: ['exp'] }), 401],
    ['a token without iat', () => issuer.mint({ omit: ['iat'] }), 401],
    ['a token without sub', () => issuer.mint({ omit: ['sub'] }), 401],
    ['another issuer', () => issuer.mint({ iss: 'https://evil.test' }), 401],
    ['another audience', () => issuer.mint({ aud: 'other-client' }), 401],
    ['a member of another group', () => issuer.mint({ groups: ['visitors'] }), 403],
    [
      'alg none',
      async () =>
        `${b64({ alg: 'none' })}.${b64({ sub: 'x', iss: issuer.issuer, aud: issuer.audience, token_use: 'access', 'cognito:groups': ['admins'], exp: 9e9 })}.`,
      401,
    ],
    [
      'HS256 signed with the public key as secret',
      async () =>
        new SignJWT({ token_use: 'access', 'cognito:groups': ['admins'] })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setSubject('x')
          .setIssuer(issuer.issuer)
          .setAudience(issuer.audience)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(JSON.stringify(issuer.jwks.keys[0]))),
      401,
    ],
    [
      'a token signed by another key with the same kid',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ token_use: 'access', 'cognito:groups': ['admins'] })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setSubject('x')
          .setIssuer(issuer.issuer)
          .setAudience(issuer.audience)
          .setExpirationTime('5m')
          .sign(privateKey);
      },
      401,
    ],
  ])('refuses %s', async (_name, mint, status) => {
    expect(await check(await mint())).toBe(status);
  });

  it.each(['bearer', 'BEARER', 'BeArEr'])('accepts the scheme written %j (schemes are case-insensitive)', async (scheme) => {
    expect(await check(await issuer.mint(), scheme)).toMatchObject({ sub: 'operator-1' });
  });

  it('refuses another scheme', async () => {
    expect(await check(await issuer.mint(), 'Basic')).toBe(401);
  });

  it('refuses an ID token (token_use id): only access tokens are bearer credentials', async () => {
    expect(await check(await issuer.mint({ tokenUse: 'id' }))).toBe(401);
  });

  it('refuses a token issued, or a sign-in made, more than an hour ago with 401 token_too_old, whatever its exp (issue 30)', async () => {
    const refusal = async (token: string) => {
      try {
        await requireAdmin(apiEvent({ method: 'GET', path: '/api/admin/images', headers: { authorization: `Bearer ${token}` } }));
        return undefined;
      } catch (err) {
        return err instanceof DomainError ? { status: err.status, code: err.code, message: err.message } : err;
      }
    };
    const HOUR = MAX_OPERATOR_TOKEN_AGE_SECONDS;
    // Still within its exp (a client configured with a longer validity, a token that leaked).
    expect(await refusal(await issuer.mint({ issuedAgo: HOUR + 120, expiresIn: 3600 }))).toMatchObject({
      status: 401,
      code: 'token_too_old',
      message: expect.stringMatching(/more than an hour old/),
    });
    // A fresh token from a refresh of a sign-in made two hours ago (Cognito keeps auth_time).
    expect(await refusal(await issuer.mint({ signedInAgo: 2 * HOUR }))).toMatchObject({ status: 401, code: 'token_too_old' });
    // Within the hour (a minute of clock skew allowed).
    expect(await refusal(await issuer.mint({ issuedAgo: HOUR - 60, signedInAgo: HOUR }))).toBeUndefined();
  });
});

describe('local operator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'artloom-op-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('is created once with a generated password in operator.json (mode 600) and reused', () => {
    const first = loadOrCreateOperator(dir);
    expect(first.created).toBe(true);
    expect(first.operator.password.length).toBeGreaterThanOrEqual(20);
    const file = join(dir, 'operator.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.operator);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadOrCreateOperator(dir);
    expect(second).toMatchObject({ created: false, operator: first.operator });
    expect(loadOrCreateOperator(null).operator.password).not.toBe(first.operator.password);
  });
});

describe('npm run admin:create', () => {
  it('prints the create-user and add-to-group lines for the stack output pool, quoted', () => {
    const lines = operatorCommands("o'neil@example.com", 'Artloom-prod', 'eu-west-1').join('\n');
    expect(lines).toContain("OutputKey=='OperatorUserPoolId'");
    expect(lines).toContain("--stack-name 'Artloom-prod'");
    expect(lines).toContain(`--username 'o'\\''neil@example.com'`);
    expect(lines).toContain("--group-name 'admins'");
    expect(operatorCommands('a@example.com', 's', 'r', 'us-east-1_abc')[0]).toBe("POOL='us-east-1_abc'");
  });
});

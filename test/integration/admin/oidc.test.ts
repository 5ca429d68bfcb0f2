import { request } from 'node:http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIssuer } from '../../../local/plugins/auth';
import { startTestApp, type TestApp } from '../../support/local-app';
import { openSignIn, postSignInFrom, signInWithCode } from '../../support/oidc-flow';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ plugins: ['auth'] });
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('local OpenID provider (stand-in for Cognito managed login)', () => {
  it('publishes discovery with the code flow, S256 PKCE and an end-session endpoint', async () => {
    const doc = (await (await app.api('/__local/oidc/.well-known/openid-configuration')).json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(localIssuer().issuer);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toContain('code');
    expect(doc.end_session_endpoint).toMatch(/\/__local\/oidc\//);
  });

  it('signs the operator in with the code flow and issues a JWT access token the admin API accepts', async () => {
    const { issuer, clientId, operator } = localIssuer();
    const result = await signInWithCode(app.url, { issuer, clientId, ...operator });
    if (result.status !== 'ok') throw new Error(`refused: ${result.httpStatus}`);
    const claims = decodeJwt(result.accessToken);
    expect(decodeProtectedHeader(result.accessToken).alg).toBe('RS256');
    expect(claims).toMatchObject({ iss: issuer, client_id: clientId, token_use: 'access', 'cognito:groups': ['admins'] });
    const res = await app.api('/api/admin/images', { headers: { authorization: `Bearer ${result.accessToken}` } });
    expect(res.status).toBe(200);
    // The ID token is not a bearer credential for the API.
    const withId = await app.api('/api/admin/images', { headers: { authorization: `Bearer ${result.idToken}` } });
    expect(withId.status).toBe(401);
  });

  it('signs in from the site opened at 127.0.0.1 too (the console redirect URI on that origin)', async () => {
    // Prepare: the same server under its IPv4 loopback name.
    const { issuer, clientId, operator } = localIssuer();
    const ipv4 = app.url.replace('//localhost:', '//127.0.0.1:');
    expect(ipv4).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Act
    const result = await signInWithCode(ipv4, { issuer, clientId, ...operator, redirectUri: `${ipv4}/admin` });
    // Assess
    if (result.status !== 'ok') throw new Error(`refused: ${result.httpStatus}`);
    const res = await app.api('/api/admin/images', { headers: { authorization: `Bearer ${result.accessToken}` } });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with the sign-in page again', async () => {
    const { issuer, clientId, operator } = localIssuer();
    const result = await signInWithCode(app.url, { issuer, clientId, username: operator.username, password: `${operator.password}x` });
    expect(result.status).toBe('refused');
    if (result.status === 'refused') {
      expect(result.httpStatus).toBe(401);
      expect(result.body).toContain('Incorrect username or password.');
    }
  });

  it('refuses an authorization request without PKCE', async () => {
    const { clientId } = localIssuer();
    const url = `/__local/oidc/auth?client_id=${clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${app.url}/admin`)}`;
    const res = await app.api(url, { redirect: 'manual' });
    const location = res.headers.get('location') ?? (await res.text());
    expect(location).toMatch(/code_challenge|invalid_request/);
  });

  it('answers only under the loopback names with its own port (a Host allow-list)', async () => {
    // Prepare: one raw request per Host header (fetch sets Host itself).
    const port = new URL(app.url).port;
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/__local/oidc/.well-known/openid-configuration', headers: { host } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    // Act + Assess
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect(await statusFor(host)).toBe(200);
    for (const host of ['attacker.example', `attacker.example:${port}`, `localhost:${Number(port) + 1}`, `127.0.0.2:${port}`]) {
      expect(await statusFor(host)).toBe(421);
    }
  });

  it('limits wrong passwords per interaction as well: 5 from 5 addresses spend it, even the right one is then refused', async () => {
    const { issuer, clientId, operator } = localIssuer();
    const { action, cookie } = await openSignIn(app.url, { issuer, clientId });
    const wrong = { username: operator.username, password: `${operator.password}x` };
    const statuses: number[] = [];
    // Each from its own address: no address reaches its own limit.
    for (let i = 0; i < 5; i++) statuses.push((await postSignInFrom(app.url, action, cookie(), wrong, `127.0.0.${20 + i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const right = await postSignInFrom(app.url, action, cookie(), operator, '127.0.0.30');
    expect(right.status).toBe(429);
    expect(right.body).toMatch(/Start again from the console/);
    // A new interaction signs in.
    expect((await signInWithCode(app.url, { issuer, clientId, ...operator })).status).toBe('ok');
  });

  // Last in the file: it uses up this client address's attempts.
  it('after 5 wrong passwords within a minute refuses even the right one and says wait', async () => {
    const { issuer, clientId, operator } = localIssuer();
    const wrong = { issuer, clientId, username: operator.username, password: `${operator.password}x` };
    const statuses: number[] = [];
    // One wrong password was already tried above; try until the limit answers (at most 6 more).
    for (let i = 0; i < 6; i += 1) {
      const result = await signInWithCode(app.url, wrong);
      if (result.status !== 'refused') throw new Error('a wrong password was accepted');
      statuses.push(result.httpStatus);
      if (result.httpStatus === 429) {
        expect(result.body).toMatch(/Too many attempts\. Wait \d+ s/);
        break;
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await signInWithCode(app.url, { issuer, clientId, ...operator });
    expect(right.status).toBe('refused');
    if (right.status === 'refused') expect(right.httpStatus).toBe(429);
  });
});

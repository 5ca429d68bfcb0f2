import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';

/**
 * The authorization-code flow with PKCE, driven over HTTP the way a browser would (cookies kept,
 * redirects followed by hand, the sign-in form posted): what oidc-client-ts does in the console.
 */
export async function signInWithCode(
  baseUrl: string,
  opts: { issuer: string; clientId: string; username: string; password: string; redirectUri?: string },
): Promise<{ status: 'ok'; accessToken: string; idToken: string } | { status: 'refused'; httpStatus: number; body: string }> {
  const { go, action, redirectUri, verifier, discovery } = await openSignIn(baseUrl, opts);
  let res = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: opts.username, password: opts.password }).toString(),
  });
  if (res.status !== 303) return { status: 'refused', httpStatus: res.status, body: await res.text() };
  // resume → (consent is granted by the provider) → redirect_uri?code=
  let location = '';
  for (let hops = 0; hops < 5; hops++) {
    location = res.headers.get('location') ?? '';
    if (location.startsWith(redirectUri)) break;
    res = await go(location);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: opts.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { access_token: string; id_token: string };
  if (!token.ok) throw new Error(`token endpoint answered ${token.status}: ${JSON.stringify(body)}`);
  return { status: 'ok', accessToken: body.access_token, idToken: body.id_token };
}

/**
 * The flow up to the sign-in page: the authorization request (PKCE), then the interaction's page.
 * Answers the form's action (one interaction), the cookies so far and a fetch that keeps them.
 */
export async function openSignIn(
  baseUrl: string,
  opts: { issuer: string; clientId: string; redirectUri?: string },
): Promise<{
  go: (url: string, init?: RequestInit) => Promise<Response>;
  cookie: () => string;
  action: string;
  redirectUri: string;
  verifier: string;
  discovery: { authorization_endpoint: string; token_endpoint: string };
}> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) jar.set((pair as string).slice(0, eq), (pair as string).slice(eq + 1));
    }
  };
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, baseUrl), { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookie() } });
    keep(res);
    return res;
  };
  const discovery = (await (await fetch(`${opts.issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = opts.redirectUri ?? `${baseUrl}/admin`;
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: opts.clientId,
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  }).toString();
  const res = await go(auth.href);
  const loginPage = await go(res.headers.get('location') ?? '');
  const action = /<form method="post" action="([^"]+)"/.exec(await loginPage.text())?.[1];
  if (!action) throw new Error('no sign-in form');
  return { go, cookie, action, redirectUri, verifier, discovery };
}

/**
 * Posts the sign-in form of an interaction from a chosen loopback address (127.0.0.x: Linux answers
 * on all of 127/8), as a guesser spread over many addresses would. Answers the status and the page.
 */
export function postSignInFrom(
  baseUrl: string,
  action: string,
  cookie: string,
  form: { username: string; password: string },
  localAddress: string,
): Promise<{ status: number; body: string }> {
  const target = new URL(action, baseUrl);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolvePost, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        localAddress,
        headers: {
          host: target.host,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

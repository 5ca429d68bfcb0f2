import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { LocalOperator } from './credentials';
import { loginPage, page, readForm, sendHtml } from './pages';
import { INTERACTION_PATH } from './provider';

/**
 * The sign-in page of the local OpenID provider: it checks the local operator's password, a few
 * wrong tries per client address within a minute, and a few per interaction (one sign-in page, its
 * uid in the form's address) over its whole life: guesses spread over many addresses (an IPv6 /64
 * holds plenty) still end the interaction after SIGN_IN_ATTEMPTS_PER_INTERACTION.
 */

/** Wrong passwords allowed per client address within the window; then the page says wait. */
export const SIGN_IN_ATTEMPTS = 5;
const SIGN_IN_WINDOW_MS = 60_000;
const failures = new Map<string, number[]>();
/** Wrong passwords allowed per interaction, from any address; then it is spent and the console starts a new one. */
export const SIGN_IN_ATTEMPTS_PER_INTERACTION = 5;
/** An interaction lives 10 minutes (provider.ts ttl.Interaction): its count is kept as long. */
const INTERACTION_MS = 600_000;
const interactionFailures = new Map<string, { count: number; since: number }>();

function failuresOfInteraction(uid: string, now = Date.now()): number {
  for (const [key, entry] of interactionFailures) if (now - entry.since > INTERACTION_MS) interactionFailures.delete(key);
  return interactionFailures.get(uid)?.count ?? 0;
}

function recentFailures(address: string, now = Date.now()): number[] {
  const recent = (failures.get(address) ?? []).filter((at) => now - at < SIGN_IN_WINDOW_MS);
  if (recent.length) failures.set(address, recent);
  else failures.delete(address);
  return recent;
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An interaction of the provider: the sign-in page (GET), or a submitted password checked (POST). */
export async function signIn(provider: Provider, operator: LocalOperator, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
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
  if (failuresOfInteraction(details.uid) >= SIGN_IN_ATTEMPTS_PER_INTERACTION) {
    return sendHtml(
      res,
      429,
      page(
        'Sign in',
        '<h1>Too many attempts</h1><p>This sign-in had too many wrong passwords. <a href="/admin">Start again from the console</a>.</p>',
      ),
    );
  }
  const recent = recentFailures(address);
  if (recent.length >= SIGN_IN_ATTEMPTS) {
    const wait = Math.max(1, Math.ceil((SIGN_IN_WINDOW_MS - (Date.now() - (recent[0] ?? 0))) / 1000));
    res.setHeader('retry-after', String(wait));
    return sendHtml(res, 429, loginPage(`${INTERACTION_PATH}${details.uid}`, `Too many attempts. Wait ${wait} s and try again.`, username));
  }
  if (!same(username, operator.username) || !same(password, operator.password)) {
    failures.set(address, [...recent, Date.now()]);
    const spent = interactionFailures.get(details.uid);
    interactionFailures.set(details.uid, { count: (spent?.count ?? 0) + 1, since: spent?.since ?? Date.now() });
    return sendHtml(res, 401, loginPage(`${INTERACTION_PATH}${details.uid}`, 'Incorrect username or password.', username));
  }
  await provider.interactionFinished(req, res, { login: { accountId: operator.username } }, { mergeWithLastSubmission: false });
  return true;
}

/** Forgets every address's wrong tries (the provider stopped). */
export function clearSignInFailures(): void {
  failures.clear();
  interactionFailures.clear();
}

import type { AuthConfig } from '@shared/schemas/admin';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { api } from '../../lib/api-client';

/*
 * The operator's sign-in: a standard OpenID Connect client (authorization code + PKCE) against the
 * issuer the API names in GET /api/auth/config — Cognito's managed login in AWS, the local
 * provider locally; the same code in both. Tokens and the sign-in state live in sessionStorage
 * (gone with the tab), never in localStorage. This module is imported only by the admin route's chunk.
 */
let manager: Promise<{ users: UserManager; config: AuthConfig }> | undefined;

const consoleUrl = () => `${window.location.origin}/admin`;

function userManager(): Promise<{ users: UserManager; config: AuthConfig }> {
  manager ??= api.get<AuthConfig>('/auth/config').then((config) => {
    const store = new WebStorageStateStore({ store: window.sessionStorage });
    const users = new UserManager({
      authority: config.authority,
      client_id: config.clientId,
      redirect_uri: consoleUrl(),
      // Cognito's /logout takes logout_uri (in logoutParams) instead of the standard parameter.
      ...(config.logoutParams ? {} : { post_logout_redirect_uri: consoleUrl() }),
      response_type: 'code',
      scope: config.scope,
      userStore: store,
      stateStore: store,
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
      ...(config.endSessionUrl ? { metadataSeed: { end_session_endpoint: config.endSessionUrl } } : {}),
    });
    return { users, config };
  });
  manager.catch(() => {
    manager = undefined;
  });
  return manager;
}

/** Finishes a sign-in redirect when the url carries its answer; otherwise the stored, unexpired user. */
export async function currentUser(): Promise<User | null> {
  const { users } = await userManager();
  const params = new URLSearchParams(window.location.search);
  if (params.has('state') && (params.has('code') || params.has('error'))) {
    try {
      const user = await users.signinRedirectCallback();
      return user;
    } finally {
      window.history.replaceState(null, '', '/admin');
    }
  }
  const user = await users.getUser();
  return user && !user.expired ? user : null;
}

export async function signIn(): Promise<void> {
  const { users } = await userManager();
  await users.signinRedirect();
}

/** Clears the tokens here and ends the provider's session (Cognito's /logout in AWS). */
export async function signOut(): Promise<void> {
  const { users, config } = await userManager();
  const user = await users.getUser();
  await users.removeUser();
  await users.signoutRedirect({
    ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
    ...(config.logoutParams ? { extraQueryParams: { ...config.logoutParams, logout_uri: consoleUrl() } } : {}),
  });
}

/** Forgets an expired or refused session without a round trip. */
export async function forget(): Promise<void> {
  const { users } = await userManager();
  await users.removeUser();
}

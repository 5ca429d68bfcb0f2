import type { User } from 'oidc-client-ts';
import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react';
import { PageHero } from '../../../components/ui/page-hero';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { adminApi } from '../admin-api';
import { currentUser, forget, signIn, signOut } from '../auth';
import { AdsManager } from './ads-manager';
import { AlarmsPanel } from './alarms-panel';
import { AuditLog } from './audit-log';
import { Inbox } from './inbox';
import { ModerationQueue } from './moderation-queue';
import { Overview } from './overview';
import type { SectionProps } from './section';
import '../admin.css';

type Section = 'overview' | 'generator' | 'reports' | 'audit' | 'ads' | 'inbox' | 'alarms';
/** The overview first: the console opens on how the site is doing (issue 33). */
const SECTIONS: [Section, string][] = [
  ['overview', 'Overview'],
  ['generator', 'Generator'],
  ['reports', 'Moderation'],
  ['ads', 'Ads'],
  ['inbox', 'Inbox'],
  ['audit', 'Audit log'],
  ['alarms', 'Alarms'],
];

type Session = { status: 'loading' } | { status: 'signed-out'; note?: string } | { status: 'signed-in'; user: User };

/**
 * The operator console: sign-in, then the overview (the first page), the admin generator (composed by the route from the studio
 * and the lightbox, passed in as `Generator`), ads, inbox and the audit log.
 */
export function AdminConsole({ Generator }: { Generator: ComponentType<SectionProps> }) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  const [section, setSection] = useState<Section>('overview');

  useEffect(() => {
    currentUser()
      .then((user) => setSession(user ? { status: 'signed-in', user } : { status: 'signed-out' }))
      .catch((err: unknown) => {
        console.warn('sign-in failed', err);
        setSession({ status: 'signed-out', note: 'Sign-in did not complete. Please try again.' });
      });
  }, []);

  /** A refused token (expired, revoked) ends the session here: the operator signs in again. */
  const onAuthError = useCallback((err: unknown) => {
    if (err instanceof ApiClientError && (err.status === 401 || err.status === 403)) {
      void forget();
      setSession({
        status: 'signed-out',
        note: err.status === 403 ? 'This account is not an operator.' : 'Your session has ended. Sign in again.',
      });
      return true;
    }
    notify.error(err instanceof ApiClientError ? err.message : 'Something went wrong. Please try again.');
    return false;
  }, []);

  const token = session.status === 'signed-in' ? session.user.access_token : undefined;
  const api = useMemo(() => (token ? adminApi(token) : undefined), [token]);

  if (session.status === 'loading') return <Spinner label="Checking your sign-in…" />;
  if (session.status === 'signed-out' || !api) {
    return (
      <div className="container narrow">
        <PageHero title="Operator console" tagline="This area is for the site's operators and needs sign-in." />
        {session.status === 'signed-out' && session.note && (
          <p className="center" role="alert">
            {session.note}
          </p>
        )}
        <p className="center">
          <button type="button" className="btn btn--primary btn--large" onClick={() => void signIn().catch(onAuthError)}>
            Sign in
          </button>
        </p>
      </div>
    );
  }
  const who = (session.status === 'signed-in' && (session.user.profile.email ?? session.user.profile.sub)) || 'operator';
  return (
    <div className="container">
      <div className="admin-bar">
        <div className="tabs admin-sections" role="tablist" aria-label="Console sections">
          {SECTIONS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={section === id}
              className={`tab${section === id ? ' tab--active' : ''}`}
              onClick={() => setSection(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <span>
          Signed in as <strong>{String(who)}</strong>{' '}
          <button type="button" className="btn btn--small" onClick={() => void signOut().catch(onAuthError)}>
            Sign out
          </button>
        </span>
      </div>
      {section === 'overview' && <Overview api={api} onError={onAuthError} />}
      {section === 'generator' && <Generator api={api} onError={onAuthError} />}
      {section === 'reports' && <ModerationQueue api={api} onError={onAuthError} />}
      {section === 'ads' && <AdsManager api={api} onError={onAuthError} />}
      {section === 'inbox' && <Inbox api={api} onError={onAuthError} />}
      {section === 'audit' && <AuditLog api={api} onError={onAuthError} />}
      {section === 'alarms' && <AlarmsPanel api={api} onError={onAuthError} />}
    </div>
  );
}

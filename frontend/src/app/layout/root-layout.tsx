import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/layouts/error-boundary';
import { Navbar } from '../../components/layouts/navbar';
import { OfflineNotice } from '../../components/layouts/offline-notice';
import { RouteError } from '../../components/layouts/route-error';
import { RouteProgress } from '../../components/layouts/route-progress';
import { CONSENT_OPEN, readConsent } from '../../lib/consent';
import { retryFailedPages } from '../../lib/lazy-page';
import { TOAST_CONTAINER_PROPS, whenToastsNeeded } from '../../lib/notify';
import { toastHost } from '../../lib/toast-layer';
import { useHydrated } from '../../lib/use-hydrated';
// The banner's styles ride with the shell's CSS (1 kB): home's prerendered banner must paint in place
// at first paint, not in the page flow until its chunk's CSS arrives (it was the phone LCP, 3 s late).
import '../../features/consent/cookie-banner.css';
// The footer's chunk is lazy, but home's prerendered HTML holds the footer: its styles ride with the shell's CSS too.
import './footer.css';

// Toasts come from a lazily loaded react-toastify (~10 kB gzip off the first chunk), mounted when the
// first toast is asked for; toasts raised before it mounts are queued by react-toastify and shown once it does.
// The footer is below the fold everywhere: its own chunk (on home's first load its prerendered HTML
// shows until the chunk hydrates it).
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));
// The consent banner: its own chunk, asked for only when the visitor has not decided (or reopens it from the footer).
const CookieBanner = lazy(() => import('../../features/consent/cookie-banner').then((m) => ({ default: m.CookieBanner })));

/** What a failed lazy part of the shell leaves: nothing (the page around it stays). */
const nothing = () => null;
const routeError = (retry: () => void) => <RouteError retry={retry} />;

/*
 * SHELL_PARTS: the shell's own updates (the banner's state set after mount, toasts) re-render RootLayout. An element
 * with new props reaching a Suspense boundary React has not hydrated yet (the page's and the footer's, whose chunks
 * may still be on their way) makes React hydrate that boundary at once, at sync priority, in one long task that also
 * runs every pending effect (issue 32: the longest start-up task on /generate). The same element object each render
 * lets React skip them instead: the footer is one element for the whole visit, the page one per path.
 */
// The shell's own lazy parts fail quietly (offline before their chunk came): the page stays.
const FOOTER = (
  <ErrorBoundary fallback={nothing}>
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  </ErrorBoundary>
);

/** The shell: navbar, page, footer, toasts; the context menu is blocked app-wide (spec section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const [toasts, setToasts] = useState(false);
  // The banner is in home's prerendered HTML (a new visitor's first paint, and Lighthouse's LCP on
  // phones), so the hydrating render keeps it; src/boot.ts hides it before the first paint for a
  // visitor who has decided, and after hydration it follows the stored choice (unmounted). Elsewhere it
  // opens after the first render when no choice is stored.
  const hydrated = useHydrated();
  const [consentOpen, setConsentOpen] = useState<boolean | null>(null);
  const prerenderedBanner = consentOpen === null && !hydrated;
  useEffect(() => {
    setConsentOpen(!readConsent());
    const open = () => {
      // The banner keeps its until-decided class (below): a reopened banner must not stay hidden by boot.ts's mark.
      document.documentElement.removeAttribute('data-consent-decided');
      setConsentOpen(true);
    };
    window.addEventListener(CONSENT_OPEN, open);
    return () => window.removeEventListener(CONSENT_OPEN, open);
  }, []);
  // One element for the whole visit, its props unchanged: an update reaching the prerendered banner's boundary
  // before its chunk has hydrated it made React drop that markup and paint a new banner after the chunk (issue 25:
  // home's LCP moved from the first paint to then). Hidden by the stylesheet for a decided visitor (boot.ts).
  const closeBanner = useCallback(() => setConsentOpen(false), []);
  const banner = useMemo(
    () => (
      <ErrorBoundary fallback={nothing}>
        <Suspense fallback={null}>
          <CookieBanner onDone={closeBanner} untilDecided />
        </Suspense>
      </ErrorBoundary>
    ),
    [closeBanner],
  );
  // The same element while the path stays (SHELL_PARTS, above).
  const page = useMemo(
    () => (
      <ErrorBoundary key={pathname} fallback={routeError} onRetry={retryFailedPages}>
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    ),
    [pathname],
  );
  useEffect(() => {
    return whenToastsNeeded(() => setToasts(true));
  }, []);
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* First in the page's order, right after the skip link (issue 32): fixed at the bottom of the screen, it was
          the last stop of ~110 Tab presses while it covered whatever had the focus. */}
      {(consentOpen || prerenderedBanner) && banner}
      <Navbar />
      <main id="main" className="main">
        {/* Boundaries per path: while a page's chunk loads, the progress bar shows (no spinner); if it fails to load
            or render, a message with Retry, in the shell. */}
        {page}
      </main>
      {FOOTER}
      <OfflineNotice />
      {/* In a host that follows the topmost open modal dialog (lib/toast-layer.ts): toasts stay above the viewer. */}
      {toasts &&
        createPortal(
          <ErrorBoundary fallback={nothing}>
            <Suspense fallback={null}>
              <ToastContainer {...TOAST_CONTAINER_PROPS} />
            </Suspense>
          </ErrorBoundary>,
          toastHost(),
        )}
    </>
  );
}

import { useEffect, useRef } from 'react';
import './route-error.css';

/**
 * A route that failed to load or render: the shell stays, this says so in plain words and offers Retry (a failed
 * chunk is fetched again: src/lib/lazy-page.tsx). Coming back online retries by itself.
 */
export function RouteError({ retry }: { retry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title" ref={heading} tabIndex={-1}>
        This page could not be loaded
      </h1>
      <p>
        {navigator.onLine
          ? 'The connection may have dropped, or the site was just updated.'
          : 'You are offline. It will load when the connection is back.'}
      </p>
      <button type="button" className="btn btn--primary" onClick={retry}>
        Retry
      </button>
    </section>
  );
}

import './route-progress.css';

/** A thin bar (no spinner) while a route's chunk loads (spec section 2); the Suspense fallback of the routes. */
export function RouteProgress() {
  return <div className="route-progress" role="progressbar" aria-label="Loading page" />;
}

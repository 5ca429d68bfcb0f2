import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates home's prerendered HTML (and in the build-time prerender itself), true
 * in every other render. Browser-only state (the visitor's id, the current year) is read only when
 * true, so the hydrating render matches the HTML and the browser's values follow in the next commit.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

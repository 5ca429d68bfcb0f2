import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** True from main.tsx's hydrateRoot until the generator (the last prerendered part to hydrate) has hydrated. */
let hydrating = false;

/** main.tsx, before hydrateRoot: the first render of this page hydrates its prerendered HTML. */
export function beginHydration(): void {
  hydrating = true;
}

const subscribe = () => () => {};

/**
 * False while React hydrates home's prerendered HTML (and in the build-time prerender itself), true
 * in every other render. Browser-only state (the visitor's id, the current year) is read only when
 * true, so the hydrating render matches the HTML and the browser's values follow in the next commit.
 *
 * That next commit is a transition, rendered in slices that give the browser its turn. A store whose client
 * snapshot differs from its server one is re-rendered by React at sync priority right after hydration, in one
 * task (the generator's whole tree: 80 ms at Lighthouse's 4× CPU, docs/frontend.md); so while the page hydrates,
 * the client snapshot equals the server one (false), and the flip to true is a state update in a transition.
 * `endsHydration`: the generator's page, hydrated last (its own lazy chunk, after the shell); a reader mounted after
 * it (a later navigation) is a client render and reads true at once.
 */
export function useHydrated(endsHydration = false): boolean {
  // Whether React hydrated this component (it asked for the server snapshot): its client snapshot then stays false,
  // so the check React makes after the commit finds no change even when the flag below has flipped meanwhile (a part
  // hydrated after the generator, the footer: a changed snapshot there is a re-render at sync priority, which also runs
  // every effect still pending, the page's requests among them, in one task; 29 Nov). Written in render, once, the same
  // way every time it is written.
  const hydrated = useRef(false);
  const client = useSyncExternalStore(
    subscribe,
    () => !hydrated.current && !hydrating,
    () => {
      hydrated.current = true;
      return false;
    },
  );
  const [late, setLate] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useEffect(() => {
    if (endsHydration) hydrating = false;
    if (!client) startTransition(() => setLate(true));
  }, []);
  return client || late;
}

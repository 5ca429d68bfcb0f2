// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

// The hook's transitions, counted (the real startTransition runs).
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return {
    ...actual,
    startTransition: (scope: () => void) => {
      transitions.count += 1;
      actual.startTransition(scope);
    },
  };
});

/**
 * useHydrated (frontend/src/lib/use-hydrated.ts): false in the prerender and in the render that hydrates it, then true
 * without a sync re-render (a transition: docs/frontend.md, "28 Nov, fourth session"); true at once in a client render.
 */
describe('useHydrated', () => {
  it('reads false while the prerendered markup hydrates, true after; a component mounted later reads true at once', async () => {
    vi.resetModules();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const { act, createElement, useState } = await import('react');
    const { hydrateRoot } = await import('react-dom/client');
    const { prerender } = await import('react-dom/static');
    const { beginHydration, useHydrated } = await import('../../../frontend/src/lib/use-hydrated');
    const seen: boolean[] = [];
    const Page = ({ last }: { last?: boolean }) => {
      const hydrated = useHydrated(last);
      seen.push(hydrated);
      return createElement('p', null, hydrated ? 'browser' : 'prerender');
    };
    let showLater: (v: boolean) => void = () => {};
    const App = () => {
      const [later, setLater] = useState(false);
      showLater = setLater;
      return createElement('div', null, createElement(Page, { last: true }), later && createElement(Page));
    };
    const { prelude } = await prerender(createElement(App));
    const root = document.createElement('div');
    root.innerHTML = await new Response(prelude).text();
    expect(root.textContent).toBe('prerender');
    seen.length = 0;
    transitions.count = 0;
    beginHydration();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(root, createElement(App));
    });
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(root.textContent).toBe('browser');
    // The flip after hydration is a transition: React renders it in slices, not in one sync task.
    expect(transitions.count).toBe(1);
    seen.length = 0;
    await act(async () => showLater(true));
    expect(root.textContent).toBe('browserbrowser');
    // The page mounted after hydration never rendered the prerender's value.
    expect(seen).not.toContain(false);
    errors.mockRestore();
  });
});

describe('useHydrated after the generator', () => {
  it('a part that hydrates after the one ending the hydration (the footer) flips in its transition only: no sync re-render', async () => {
    vi.resetModules();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const { act, createElement } = await import('react');
    const { hydrateRoot } = await import('react-dom/client');
    const { prerender } = await import('react-dom/static');
    const { beginHydration, useHydrated } = await import('../../../frontend/src/lib/use-hydrated');
    const footer: boolean[] = [];
    const Generator = () => createElement('p', null, useHydrated(true) ? 'browser' : 'prerender');
    // Its effects run after the generator's (a later sibling), when the generator has already ended the hydration.
    const Footer = () => {
      const hydrated = useHydrated();
      footer.push(hydrated);
      return createElement('p', null, hydrated ? '2026' : 'year');
    };
    const App = () => createElement('div', null, createElement(Generator), createElement(Footer));
    const { prelude } = await prerender(createElement(App));
    const root = document.createElement('div');
    root.innerHTML = await new Response(prelude).text();
    footer.length = 0;
    beginHydration();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(root, createElement(App));
    });
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(root.textContent).toBe('browser2026');
    // The hydrating render, then the transition's. A changed store snapshot would add a sync render between them
    // (reading true) before the transition's: [false, true, true].
    expect(footer).toEqual([false, true]);
    errors.mockRestore();
  });
});

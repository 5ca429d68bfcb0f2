// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The shell's neighbours are not what is tested here (the navbar and the paths read a build-time virtual module).
vi.mock('../../../frontend/src/components/layouts/navbar', () => ({ Navbar: () => null }));
vi.mock('../../../frontend/src/app/layout/footer', () => ({ Footer: () => null }));
// No router: the layout at '/', a link as a plain anchor.
vi.mock('react-router-dom', async () => {
  const { createElement } = await import('react');
  return {
    useLocation: () => ({ pathname: '/' }),
    Outlet: () => null,
    Link: ({ to, children }: { to: string; children: unknown }) => createElement('a', { href: to }, children as never),
  };
});
vi.mock('../../../frontend/src/config/paths', async () => ({ paths: (await import('../../../shared/site-routes')).STATIC_PATHS }));

/** React, the router and the layout from the current module graph (the first test starts a fresh one). */
async function load() {
  const { act } = await import('react');
  const { hydrateRoot } = await import('react-dom/client');
  const { RootLayout } = await import('../../../frontend/src/app/layout/root-layout');
  const { createElement } = await import('react');
  const page = createElement(RootLayout);
  return { act, hydrateRoot, page };
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-consent-decided');
  localStorage.clear();
});

describe("home's prerendered consent banner", () => {
  it('is kept by hydration (the same element, so its first paint stays the LCP) while its chunk arrives after the first render', async () => {
    const { prerender } = await import('react-dom/static');
    const { prelude } = await prerender((await load()).page);
    const root = document.createElement('div');
    root.innerHTML = await new Response(prelude).text();
    document.body.append(root);
    const painted = root.querySelector('section.consent');
    expect(painted).not.toBeNull();
    // A fresh module graph: the banner's lazy chunk is not loaded yet, as on a first visit.
    vi.resetModules();
    const { act, hydrateRoot, page } = await load();
    await act(async () => {
      hydrateRoot(root, page);
    });
    await vi.waitFor(() => expect(root.querySelector('section.consent a')).not.toBeNull());
    await act(async () => {});
    expect(root.querySelector('section.consent')).toBe(painted);
  });

  it('shows again when reopened by a visitor boot.ts marked as decided', async () => {
    document.documentElement.setAttribute('data-consent-decided', '');
    const { act, page } = await load();
    const { render } = await import('@testing-library/react');
    const { openConsentSettings } = await import('../../../frontend/src/lib/consent');
    render(page);
    await act(async () => openConsentSettings());
    expect(document.documentElement.hasAttribute('data-consent-decided')).toBe(false);
  });
});

import { routePath } from '@shared/static-paths';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CATEGORY_PATHS, paths } from '../config/paths';
import { lazyPage, type PreloadableComponent } from '../lib/lazy-page';
import { RootLayout } from './layout/root-layout';
import HomePage from './routes/home';
// A category page's styles ride in the first CSS (2.5 kB), as home's generator's do (routes/home.tsx): the category
// pages are where visitors land from search and shared links, and the chunk's own stylesheets were fetched only once
// its import had started, a round trip before the hero and the grid could paint (issue 25). Each component imports
// its stylesheet too; Vite keeps one copy, in the first CSS.
import './routes/category.css';
import '../components/ui/masonry-grid.css';
import '../components/ui/page-hero.css';
import '../components/ui/back-to-top.css';

/*
 * Declarative routes with React.lazy rather than the data router: createBrowserRouter adds ~17 kB
 * gzip to the first chunk and this site has no loaders or actions (docs/frontend.md, 'Bundle').
 * Every route but home is its own chunk; the category routes share one.
 */
const Category = lazyPage(() => import('./routes/category'));
const PAGES: [string, PreloadableComponent<object>][] = [
  [paths.generate, lazyPage(() => import('./routes/generate'))],
  [paths.admin, lazyPage(() => import('./routes/admin'))],
  [paths.about, lazyPage(() => import('./routes/about'))],
  [paths.faq, lazyPage(() => import('./routes/faq'))],
  [paths.help, lazyPage(() => import('./routes/help'))],
  [paths.privacy, lazyPage(() => import('./routes/privacy'))],
  [paths.terms, lazyPage(() => import('./routes/terms'))],
  [paths.cookies, lazyPage(() => import('./routes/cookies'))],
  [paths.licenses, lazyPage(() => import('./routes/licenses'))],
  [paths.policy, lazyPage(() => import('./routes/use-policy'))],
  [paths.contact, lazyPage(() => import('./routes/contact'))],
  [paths.feedback, lazyPage(() => import('./routes/feedback'))],
  [paths.report, lazyPage(() => import('./routes/report'))],
  [paths.restore, lazyPage(() => import('./routes/keep-gallery'))],
  [paths.search, lazyPage(() => import('./routes/search'))],
];
const NotFound = lazyPage(() => import('./routes/not-found'));
// /i/<id>: one public picture (its HTML, with link-preview tags, comes from GET /i/{id} on a first load).
const Picture = lazyPage(() => import('./routes/picture'));

/**
 * Loads the chunk of the page at `pathname` (src/main.tsx, before the first render, so that render does not
 * suspend: src/lib/lazy-page.tsx). Home is in the first chunk; an unknown path renders the not-found page.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = routePath(pathname);
  if (path === paths.home || path === paths.privacyPolicyAlias || path === paths.reportAbuseAlias) return Promise.resolve();
  const page =
    PAGES.find(([p]) => p === path)?.[1] ??
    (CATEGORY_PATHS.some((c) => c.path === path) ? Category : path.startsWith('/i/') ? Picture : NotFound);
  return page.preload();
}

/** Scroll to the top on a new page (the data router's ScrollRestoration is not available here). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // A block body on purpose: current Chromium's window.scrollTo returns a Promise, and React calls whatever an
  // effect returns as its cleanup ('l is not a function' blanked the page on every in-site click).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomePage />} />
          {PAGES.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {CATEGORY_PATHS.map(({ path }) => (
            <Route key={path} path={path} element={<Category />} />
          ))}
          <Route path="/i/:id" element={<Picture />} />
          <Route path={paths.privacyPolicyAlias} element={<Navigate to={paths.privacy} replace />} />
          <Route path={paths.reportAbuseAlias} element={<Navigate to={paths.report} replace />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}

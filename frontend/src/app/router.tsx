import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CATEGORY_PATHS, paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';
import HomePage from './routes/home';

/*
 * Declarative routes with React.lazy rather than the data router: createBrowserRouter adds ~17 kB
 * gzip to the first chunk and this site has no loaders or actions (docs/frontend.md, 'Bundle').
 * Every route but home is its own chunk; the category routes share one.
 */
const Category = lazy(() => import('./routes/category'));
const PAGES: [string, LazyExoticComponent<ComponentType>][] = [
  [paths.generate, lazy(() => import('./routes/generate'))],
  [paths.admin, lazy(() => import('./routes/admin'))],
  [paths.about, lazy(() => import('../features/legal/components/about-page'))],
  [paths.faq, lazy(() => import('../features/legal/components/faq-page'))],
  [paths.help, lazy(() => import('../features/legal/components/help-page'))],
  [paths.privacy, lazy(() => import('../features/legal/components/privacy-page'))],
  [paths.terms, lazy(() => import('../features/legal/components/terms-page'))],
  [paths.cookies, lazy(() => import('../features/legal/components/cookies-page'))],
  [paths.licenses, lazy(() => import('../features/legal/components/licenses-page'))],
  [paths.policy, lazy(() => import('../features/legal/components/use-policy-page'))],
  [paths.contact, lazy(() => import('../features/forms/contact-page'))],
  [paths.feedback, lazy(() => import('../features/forms/feedback-page'))],
  [paths.report, lazy(() => import('../features/forms/report-page'))],
  [paths.restore, lazy(() => import('../features/recovery/keep-gallery-page'))],
  [paths.search, lazy(() => import('./routes/search'))],
];
const NotFound = lazy(() => import('./routes/not-found'));
// /i/<id>: one public picture (its HTML, with link-preview tags, comes from GET /i/{id} on a first load).
const Picture = lazy(() => import('./routes/picture'));

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

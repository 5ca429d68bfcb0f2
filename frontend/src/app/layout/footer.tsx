import { CATEGORIES } from '@shared/category-table';
import { PRODUCT_NAME } from '@shared/constants';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { openConsentSettings } from '../../lib/consent';
import { SITE_DOMAIN } from '../../lib/site';
import { useHydrated } from '../../lib/use-hydrated';
import './footer.css';

// The newsletter form: its own chunk, which loads the shared zod schema only when it is sent.
const NewsletterForm = lazy(() => import('../../features/forms/newsletter-form').then((m) => ({ default: m.NewsletterForm })));

const byGroup = (group: 'explore' | 'collections') =>
  CATEGORIES.filter((c) => c.footerGroup === group).map((c) => ({ to: `/${c.slug}`, label: c.navLabel }));

const GROUPS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Explore',
    links: [...byGroup('explore'), { to: paths.generate, label: 'Generate Images' }, { to: paths.search, label: 'Search Pictures' }],
  },
  {
    title: 'Support',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.help, label: 'Help' },
      { to: paths.contact, label: 'Contact' },
      { to: paths.faq, label: 'FAQ' },
      { to: paths.feedback, label: 'Submit Feedback' },
      { to: paths.report, label: 'Report an Issue' },
      { to: paths.restore, label: 'Keep My Gallery' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms' },
      { to: paths.privacy, label: 'Privacy' },
      { to: paths.cookies, label: 'Cookies' },
      { to: paths.licenses, label: 'Licenses' },
      { to: paths.policy, label: 'Use Policy' },
    ],
  },
  { title: 'Collections', links: byGroup('collections') },
];

/** The year index.html's prerender was made in (frontend/vite.config.ts sets it); the hydrating render repeats it. */
const PRERENDER_YEAR = Number(import.meta.env.VITE_PRERENDER_YEAR) || new Date().getFullYear();

export function Footer() {
  const year = useHydrated() ? new Date().getFullYear() : PRERENDER_YEAR;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__groups">
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title} className="footer__group">
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <section className="footer__newsletter" aria-label="Newsletter">
          <Suspense fallback={null}>
            <NewsletterForm />
          </Suspense>
        </section>
        <p className="footer__settings">
          <button type="button" className="link-button" data-opens-consent onClick={openConsentSettings}>
            Cookie settings
          </button>
        </p>
        <p className="footer__copy">
          © {year} {SITE_DOMAIN} · {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

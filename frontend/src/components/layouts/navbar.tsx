import { CATEGORY_LINKS } from 'virtual:category-links';
import { PRODUCT_NAME, SCROLL } from '@shared/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import './navbar.css';

const NAV = CATEGORY_LINKS.filter((c) => c.inNavbar);

/** Top navbar: the spec's six links (Mountains as the round highlighted one), collapsible, recoloured after 500 px. */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL.navbarColourChange);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  // Escape closes the open menu and puts the focus back on its button (the disclosure pattern's keyboard contract).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={`navbar${scrolled ? ' navbar--scrolled' : ''}`}>
      <nav className="navbar__inner" aria-label="Main">
        <Link to={paths.home} className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {PRODUCT_NAME}
        </Link>
        <button
          ref={toggle}
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true" />
        </button>
        <ul id={menuId} className={`navbar__links${open ? ' navbar__links--open' : ''}`}>
          {NAV.map((c) => (
            <li key={c.slug}>
              <NavLink
                to={`/${c.slug}`}
                className={({ isActive }) => `nav-link${c.slug === 'mountains' ? ' nav-link--pill' : ''}${isActive ? ' active' : ''}`}
              >
                {c.navLabel}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

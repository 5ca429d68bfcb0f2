import type { ReactNode } from 'react';
import './page-hero.css';

/** The hero band at the top of content pages; exported for the forms pages too (docs/frontend.md). */
export function PageHero({ title, tagline, children }: { title: string; tagline?: string; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <h1>{title}</h1>
      {tagline && <p className="page-hero__tagline">{tagline}</p>}
      {children}
    </header>
  );
}

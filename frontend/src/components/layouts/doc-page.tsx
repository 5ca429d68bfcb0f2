import type { ReactNode } from 'react';
import { PageHero } from '../ui/page-hero';
import { Seo } from '../ui/seo';
import './doc-page.css';

export interface DocPageProps {
  title: string;
  description: string;
  /** e.g. 'Effective 15 June 2025'. */
  meta?: string;
  tagline?: string;
  children: ReactNode;
}

/** The layout of the static pages (legal, about, FAQ, help): hero, then readable prose. */
export function DocPage({ title, description, meta, tagline, children }: DocPageProps) {
  return (
    <div className="container narrow">
      <Seo title={title} description={description} />
      <PageHero title={title} tagline={tagline}>
        {meta && <p className="page-hero__meta">{meta}</p>}
      </PageHero>
      <article className="prose">{children}</article>
    </div>
  );
}

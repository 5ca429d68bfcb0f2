import { PAGE_TITLE_SUFFIX } from 'virtual:category-links';
import { useEffect } from 'react';

export interface SeoProps {
  /** Without the product suffix; it is added here. */
  title: string;
  description: string;
  keywords?: string;
}

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

export interface PrerenderedHead {
  title: string;
  description: string;
}

/** Build time only (src/prerender.tsx): the title and description of the page last rendered, for its HTML file's head. */
export const prerenderedHead: { current?: PrerenderedHead } = {};

/** Per-page `<title>` (with the product name as suffix) and meta description/keywords. */
export function Seo({ title, description, keywords }: SeoProps) {
  if (import.meta.env.SSR) prerenderedHead.current = { title: `${title}${PAGE_TITLE_SUFFIX}`, description };
  useEffect(() => {
    document.title = `${title}${PAGE_TITLE_SUFFIX}`;
    setMeta('description', description);
    setMeta('keywords', keywords ?? 'AI image generator, text to image, FLUX, AI art');
  }, [title, description, keywords]);
  return null;
}

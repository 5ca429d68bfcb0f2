import type { ClientImage } from '@shared/client-image';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { PagedImages } from '../hooks/use-paged-images';
import { GalleryPanel } from './gallery-panel';
import '../gallery.css';

export type GalleryTab = 'mine' | 'featured';

export interface GalleryTabsProps {
  mine: PagedImages;
  featured: PagedImages;
  active: GalleryTab;
  showMine: boolean;
  onActiveChange: (tab: GalleryTab) => void;
  onOpen: (images: readonly ClientImage[], index: number) => void;
  /** Lets the page scroll the panel into view after a generation. */
  panelRef?: React.RefObject<HTMLDivElement | null>;
  /** Two columns even on phones (home). */
  twoOnPhones?: boolean;
}

const LABELS: Record<GalleryTab, string> = { mine: 'My AI Creations', featured: 'Featured Gallery' };
const EMPTY: Record<GalleryTab, string> = {
  mine: 'No creations yet. Describe a picture above and press Generate Image.',
  featured: 'No featured images to display.',
};

/** The two generator tabs; selecting one scrolls to its panel (spec section 2). */
export function GalleryTabs({ mine, featured, active, showMine, onActiveChange, onOpen, panelRef, twoOnPhones }: GalleryTabsProps) {
  const id = useId();
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = panelRef ?? ownRef;
  const tabs: GalleryTab[] = showMine ? ['mine', 'featured'] : ['featured'];
  const list = active === 'mine' ? mine : featured;

  const select = (tab: GalleryTab) => {
    onActiveChange(tab);
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <section className="gallery" aria-label="Galleries">
      <div className="tabs" role="tablist" aria-label="Galleries">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            aria-selected={active === tab}
            aria-controls={`${id}-panel`}
            tabIndex={active === tab ? 0 : -1}
            className={`tab${active === tab ? ' tab--active' : ''}`}
            onClick={() => select(tab)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              const other = tabs[(tabs.indexOf(tab) + 1) % tabs.length];
              if (other) select(other);
            }}
          >
            {LABELS[tab]}
          </button>
        ))}
      </div>
      <div ref={ref} id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${active}-tab`} className="tabpanel">
        {active === 'mine' && (
          <p className="gallery__keep">
            <Link to={paths.restore}>Keep this gallery on another browser</Link>
          </p>
        )}
        <GalleryPanel key={active} list={list} label={LABELS[active]} emptyText={EMPTY[active]} onOpen={onOpen} twoOnPhones={twoOnPhones} />
      </div>
    </section>
  );
}

import type { ClientImage } from '@shared/client-image';
import { BREAKPOINTS, MASONRY_COLUMNS } from '@shared/constants';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { thumbnailSources } from './thumbnail';
import './masonry-grid.css';

const NARROW = `(max-width: ${BREAKPOINTS.masonryOneColumn}px)`;
const MEDIUM = `(max-width: ${BREAKPOINTS.masonryTwoColumns}px)`;
/** A tile's width at each column count (the srcset's `sizes`; src/boot.ts preloads a category's first picture with it). */
export const TILE_SIZES = `${NARROW} 100vw, ${MEDIUM} 50vw, 20vw`;
/** The same with two columns at least (home's Featured grid on phones). */
const TILE_SIZES_TWO = `${MEDIUM} 50vw, 20vw`;

function columnCount(): number {
  if (typeof window === 'undefined') return MASONRY_COLUMNS.wide;
  if (window.matchMedia(NARROW).matches) return MASONRY_COLUMNS.narrow;
  if (window.matchMedia(MEDIUM).matches) return MASONRY_COLUMNS.medium;
  return MASONRY_COLUMNS.wide;
}

/** 5 columns; 2 at ≤992 px; 1 at ≤576 px (spec section 9). Read synchronously so the first paint is right. */
export function useColumnCount(): number {
  const [count, setCount] = useState(columnCount);
  useEffect(() => {
    const queries = [window.matchMedia(NARROW), window.matchMedia(MEDIUM)];
    const update = () => setCount(columnCount());
    for (const q of queries) q.addEventListener('change', update);
    return () => {
      for (const q of queries) q.removeEventListener('change', update);
    };
  }, []);
  return count;
}

/**
 * Greedy shortest-column placement by aspect ratio (or, with `squares`, every tile one unit tall: turn
 * about). Appending a page never moves the tiles already placed (the placement of a prefix does not
 * depend on what follows), so paging causes no shift.
 */
export function placeInColumns<T extends { width: number; height: number }>(
  items: readonly T[],
  columns: number,
  squares = false,
): { item: T; index: number }[][] {
  const cols: { item: T; index: number }[][] = Array.from({ length: columns }, () => []);
  const heights = new Array<number>(columns).fill(0);
  items.forEach((item, index) => {
    let target = 0;
    for (let c = 1; c < columns; c++) if ((heights[c] ?? 0) < (heights[target] ?? 0) - 1e-9) target = c;
    cols[target]?.push({ item, index });
    heights[target] = (heights[target] ?? 0) + (squares ? 1 : item.height / item.width);
  });
  return cols;
}

export interface MasonryGridProps {
  images: readonly ClientImage[];
  onOpen: (index: number) => void;
  label: string;
  /** In one column only (phones): shown after the first tile, inside the first column (e.g. the top ads, below the likely LCP picture). */
  afterFirstTile?: ReactNode;
  /** Called once the first picture has loaded (or failed): the page may then fetch what it held back for it. */
  onFirstPicture?: () => void;
  /**
   * Two columns even on phones, of square tiles there (home's Featured grid, issue 32): the phone home stays short,
   * and its height does not depend on which pictures the wall took (a random sample of varied shapes). The viewer
   * shows each picture whole.
   */
  twoOnPhones?: boolean;
}

/**
 * The masonry grid of every gallery. Each tile reserves its box from width/height (aspect-ratio),
 * so lazy WebP thumbnails never shift the layout (srcset: the width that fits the column); the prompt is the hover caption and the alt text.
 */
export function MasonryGrid({ images, onOpen, label, afterFirstTile, onFirstPicture, twoOnPhones = false }: MasonryGridProps) {
  const natural = useColumnCount();
  const squares = twoOnPhones && natural < 2;
  const columns = Math.max(natural, twoOnPhones ? 2 : 1);
  const sizes = twoOnPhones ? TILE_SIZES_TWO : TILE_SIZES;
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  // The first row asks for its pictures at once; the rest wait until the first picture (the likely LCP) has
  // arrived, so on a phone's connection nothing below competes with it (issue 25). They stay lazy after that.
  const first = images[0];
  const firstArrived = first !== undefined && loaded.has(first.id);
  const arrived = (image: ClientImage) => {
    setLoaded((prev) => new Set(prev).add(image.id));
    if (image === first) onFirstPicture?.();
  };
  return (
    <ul className="masonry" aria-label={label} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {placeInColumns(images, columns, squares).map((column, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
        <li key={c} className="masonry__column">
          {column.map(({ item, index }) => (
            <Fragment key={item.id}>
              <button
                type="button"
                className="tile"
                data-index={index}
                aria-label={`Open image: ${item.prompt}`}
                // The spec opens the viewer only on a thumbnail that has loaded.
                onClick={() => loaded.has(item.id) && onOpen(index)}
              >
                {/* The first row loads at once, its first picture (the likely LCP) first; the rest when scrolled near,
                    once that picture is in (a box of the picture's shape until then: nothing moves). */}
                <img
                  {...(index < columns || firstArrived ? thumbnailSources(item, sizes) : {})}
                  alt={index < columns || firstArrived ? item.prompt : ''}
                  width={item.width}
                  height={item.height}
                  loading={index < columns ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding="async"
                  style={{ aspectRatio: squares ? '1 / 1' : `${item.width} / ${item.height}` }}
                  // Held back by the image check (shown to its author only): blurred, the viewer says why.
                  className={item.imageCheck ? 'is-held-back' : undefined}
                  onLoad={() => arrived(item)}
                  onError={() => arrived(item)}
                />
                {item.imageCheck && <span className="tile__held-back">Held back for review</span>}
                <span className="tile-caption tile-caption--hover tile__caption" aria-hidden="true">
                  {item.prompt}
                </span>
              </button>
              {index === 0 && columns === 1 && afterFirstTile}
            </Fragment>
          ))}
        </li>
      ))}
    </ul>
  );
}

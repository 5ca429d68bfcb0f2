// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MasonryGrid } from '../../../frontend/src/components/ui/masonry-grid';
import { thumbnailSrcSet } from '../../../shared/thumbnails';
import { clientImage } from '../../fixtures/client-images';

const sized = (id: string) => [256, 384].map((width) => ({ url: `https://files.test/thumbs/${width}/${id}.webp`, width }));

afterEach(cleanup);

describe('thumbnail widths', () => {
  it('lists every width for srcset, the largest at its own width', () => {
    expect(thumbnailSrcSet(clientImage('a', { width: 1024, thumbnails: sized('a') }))).toBe(
      'https://files.test/thumbs/256/a.webp 256w, https://files.test/thumbs/384/a.webp 384w, https://files.test/thumbs/a.png 512w',
    );
    // A picture narrower than 512 px: its largest thumbnail is its own width.
    expect(thumbnailSrcSet(clientImage('b', { width: 450, thumbnails: sized('b') }))).toMatch(/ 450w$/);
  });

  it('gives a record from before the sized thumbnails no srcset (the browser loads the 512 px thumbnail)', () => {
    expect(thumbnailSrcSet(clientImage('old'))).toBeUndefined();
  });

  it('renders grid tiles with srcset, sizes and a reserved box; the first picture eager and first, the rest lazy once it is in', () => {
    const images = [
      clientImage('new', { width: 1024, height: 768, thumbnails: sized('new') }),
      ...Array.from({ length: 7 }, (_, i) => clientImage(`old-${i}`, { width: 768, height: 1024 })),
    ];
    let firstIn = 0;
    render(<MasonryGrid images={images} label="Pictures" onOpen={() => {}} onFirstPicture={() => firstIn++} />);
    const first = screen.getByRole('img', { name: 'prompt new' });
    // Beyond the first row (5 columns here), a tile holds its box and asks for nothing until the first picture is in.
    const waiting = document.querySelector<HTMLImageElement>('[data-index="6"] img');
    expect(waiting?.getAttribute('src')).toBeNull();
    expect(waiting?.getAttribute('srcset')).toBeNull();
    expect(waiting?.getAttribute('width')).toBe('768');
    expect(waiting?.getAttribute('style')).toContain('aspect-ratio');
    expect(screen.getByRole('img', { name: 'prompt old-3' }).getAttribute('src')).toBe('https://files.test/thumbs/old-3.png');
    act(() => {
      fireEvent.load(first);
    });
    expect(firstIn).toBe(1);
    expect(first.getAttribute('srcset')).toContain('256w');
    expect(first.getAttribute('sizes')).toContain('100vw');
    expect(first.getAttribute('width')).toBe('1024');
    expect(first.getAttribute('height')).toBe('768');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    const old = screen.getByRole('img', { name: 'prompt old-6' });
    expect(old.getAttribute('srcset')).toBeNull();
    expect(old.getAttribute('src')).toBe('https://files.test/thumbs/old-6.png');
    expect(old.getAttribute('loading')).toBe('lazy');
    expect(old.getAttribute('fetchpriority')).not.toBe('high');
  });

  it('shows afterFirstTile after the first picture in one column only (phones: the top ads follow the first picture)', () => {
    const images = Array.from({ length: 3 }, (_, i) => clientImage(`p-${i}`, { width: 768, height: 1024 }));
    const matchMedia = window.matchMedia;
    const listeners = { addEventListener: () => {}, removeEventListener: () => {} };
    window.matchMedia = ((query: string) => ({ ...listeners, media: query, matches: true })) as unknown as typeof window.matchMedia;
    try {
      render(<MasonryGrid images={images} label="Pictures" onOpen={() => {}} afterFirstTile={<p>ads here</p>} />);
      const order = [...document.querySelectorAll('.masonry__column > *')].map((el) => el.textContent?.trim() ?? '');
      expect(order.map((t) => (t.startsWith('prompt') ? t.split(' ')[1] : t))).toEqual(['p-0', 'ads here', 'p-1', 'p-2']);
    } finally {
      window.matchMedia = matchMedia;
    }
    cleanup();
    // Several columns (the default here): no place after "the first row" inside a column, so nothing is shown.
    render(<MasonryGrid images={images} label="Pictures" onOpen={() => {}} afterFirstTile={<p>ads here</p>} />);
    expect(screen.queryByText('ads here')).toBeNull();
  });
});

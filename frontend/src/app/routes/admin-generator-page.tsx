import { ADMIN_PAGE_SIZE } from '@shared/admin';
import { CATEGORIES } from '@shared/category-table';
import { type ClientImage, toClientImage } from '@shared/client-image';
import { SCROLL, STORAGE_KEYS } from '@shared/constants';
import type { AdminImage } from '@shared/schemas/admin';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { SectionProps } from '../../features/admin/components/section';
import { matchesImageQuery } from '../../features/admin/search';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { Studio } from '../../features/studio/components/studio';
import type { StartJob } from '../../features/studio/generation-flow';
import { FILES_HOST } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { writeJson } from '../../lib/storage';

const BackToTop = lazy(() => import('../../components/ui/back-to-top').then((m) => ({ default: m.BackToTop })));

type Row = AdminImage & { client: ClientImage };
const toRow = (image: AdminImage): Row => ({ ...image, client: toClientImage(image, FILES_HOST) });

/**
 * The admin generator (spec section 2 'Admin generator page'), composed here like the visitors'
 * generator page (features do not import each other): the studio with the required
 * category dropdown, and the 'Admin Gallery' tab with every operator image and its curation actions.
 */
export function AdminGeneratorPage({ api, onError }: SectionProps) {
  const categoryId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [viewer, setViewer] = useState<number | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(
    async (reset = false) => {
      setLoading(true);
      try {
        const skip = reset ? 0 : rows.length;
        const page = (await api.images(skip, ADMIN_PAGE_SIZE)).map(toRow);
        setRows((prev) => {
          const base = reset ? [] : prev;
          const seen = new Set(base.map((r) => r.id));
          return [...base, ...page.filter((r) => !seen.has(r.id))];
        });
        setHasMore(page.length === ADMIN_PAGE_SIZE);
      } catch (err) {
        onError(err);
        setHasMore(false);
      } finally {
        setLoading(false);
      }
    },
    [api, rows.length, onError],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: first page once per session
  useEffect(() => {
    void loadMore(true);
  }, [api]);
  // The spec's `adminImageMetadata`: the operator's list, kept like the visitor's `imageMetadata` (with consent).
  useEffect(() => {
    if (rows.length)
      writeJson(
        STORAGE_KEYS.adminImageMetadata,
        rows.slice(0, 100).map((r) => r.client),
      );
  }, [rows]);

  const start: StartJob = useCallback((body, signal) => api.generate({ ...body, category }, signal), [api, category]);

  const onGenerated = useCallback(([image]: readonly ClientImage[]) => {
    if (!image) return;
    // One picture a job here (the admin API makes no variants). First in the Admin Gallery, opened in the viewer; the record's state comes with the next page. The
    // record is toClientImage (shared/schemas/gallery.ts) undone: only the name and the time differ.
    const { filename, timestamp, ...same } = image;
    const row: Row = {
      ...same,
      fileName: filename,
      createdAt: new Date(timestamp).toISOString(),
      owner: 'admin',
      hidden: false,
      featured: true,
      client: image,
    };
    setRows((prev) => [row, ...prev.filter((r) => r.id !== row.id)]);
    setQuery('');
    setViewer(0);
    requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }, []);

  const replace = (next: AdminImage) => setRows((prev) => prev.map((r) => (r.id === next.id ? toRow(next) : r)));
  const act = async (run: () => Promise<void>, done: string) => {
    try {
      await run();
      notify.success(done);
    } catch (err) {
      onError(err);
    }
  };
  // The search filters the loaded pages (the admin list API has no query parameter); the viewer pages through what is shown.
  const shown = useMemo(() => rows.filter((r) => matchesImageQuery(r, query)), [rows, query]);
  const images = useMemo(() => shown.map((r) => r.client), [shown]);

  const categorySelect = (
    <div className="admin-field">
      <label htmlFor={categoryId} className="studio__label">
        Category
      </label>
      <select id={categoryId} className="input" required value={category} onChange={(e) => setCategory(e.target.value)}>
        <option value="" disabled>
          Select a category
        </option>
        {CATEGORIES.map((c) => (
          <option key={c.apiValue} value={c.apiValue}>
            {c.navLabel}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <Studio onGenerated={onGenerated} extraFields={categorySelect} ready={category !== ''} start={start} metered={false} />
      <section className="gallery" aria-label="Galleries">
        <div className="tabs" role="tablist" aria-label="Galleries">
          <button
            type="button"
            role="tab"
            aria-selected
            className="tab tab--active"
            aria-controls="admin-gallery-panel"
            id="admin-gallery-tab"
          >
            Admin Gallery
          </button>
        </div>
        <div ref={panelRef} id="admin-gallery-panel" role="tabpanel" aria-labelledby="admin-gallery-tab" className="tabpanel">
          <div className="admin-field">
            <label htmlFor={searchId} className="studio__label">
              Search by ID or words
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={query}
              onChange={(e) => {
                setViewer(null);
                setQuery(e.target.value);
              }}
            />
          </div>
          <ul className="admin-grid" aria-label="Admin Gallery">
            {shown.map((row, index) => (
              <ImageCard
                key={row.id}
                row={row}
                onOpen={() => setViewer(index)}
                onHide={(hidden) =>
                  act(async () => replace(await api.patchImage(row.id, { hidden })), hidden ? 'Image hidden.' : 'Image visible again.')
                }
                onFeature={(featured) =>
                  act(async () => replace(await api.patchImage(row.id, { featured })), featured ? 'Image featured.' : 'Image unfeatured.')
                }
                onMove={(to) => act(async () => replace(await api.patchImage(row.id, { category: to })), `Moved to ${to}.`)}
                onDelete={() =>
                  act(async () => {
                    await api.deleteImage(row.id);
                    setViewer(null);
                    setRows((prev) => prev.filter((r) => r.id !== row.id));
                  }, 'Image deleted.')
                }
              />
            ))}
          </ul>
          {loading && <Spinner label="Loading Admin Gallery…" />}
          {!loading && rows.length === 0 && <p className="empty">No operator images yet. Choose a category and generate one above.</p>}
          {rows.length > 0 && shown.length === 0 && (
            <p className="empty">
              No loaded image matches “{query.trim()}”.{hasMore ? ' Load More to search older ones.' : ''}
            </p>
          )}
          {!loading && hasMore && rows.length > 0 && (
            <div className="load-more">
              <button type="button" className="btn" onClick={() => void loadMore()}>
                Load More
              </button>
            </div>
          )}
        </div>
      </section>
      {viewer !== null && images[viewer] && (
        <LazyLightbox images={images} index={viewer} onIndexChange={setViewer} onClose={() => setViewer(null)} />
      )}
      <Suspense fallback={null}>
        <BackToTop threshold={SCROLL.backToTopGenerator} />
      </Suspense>
    </>
  );
}

interface CardProps {
  row: Row;
  onOpen: () => void;
  onHide: (hidden: boolean) => void;
  onFeature: (featured: boolean) => void;
  onMove: (category: string) => void;
  onDelete: () => void;
}

function ImageCard({ row, onOpen, onHide, onFeature, onMove, onDelete }: CardProps) {
  const [confirming, setConfirming] = useState(false);
  const moveId = useId();
  return (
    <li className={`admin-card${row.hidden ? ' admin-card--hidden' : ''}`} data-image-id={row.id}>
      <button type="button" className="admin-card__thumb" aria-label={`Open image: ${row.prompt}`} onClick={onOpen}>
        <img src={row.client.thumbnailUrl} alt={row.prompt} width={row.width} height={row.height} loading="lazy" decoding="async" />
      </button>
      <p className="admin-card__prompt">{row.prompt}</p>
      <p className="admin-card__actions">
        <span className="badge">{row.category}</span>
        {row.hidden && <span className="badge">Hidden</span>}
        {!row.hidden && row.featured && <span className="badge">Featured</span>}
      </p>
      <div className="admin-card__actions">
        <button type="button" className="btn btn--small" onClick={() => onHide(!row.hidden)}>
          {row.hidden ? 'Unhide' : 'Hide'}
        </button>
        <button type="button" className="btn btn--small" onClick={() => onFeature(!row.featured)} disabled={row.hidden}>
          {row.featured ? 'Unfeature' : 'Feature'}
        </button>
        {confirming ? (
          <>
            <button type="button" className="btn btn--small btn--primary" onClick={onDelete}>
              Confirm delete
            </button>
            <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--small" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      <label htmlFor={moveId} className="visually-hidden">
        Move to category
      </label>
      <select id={moveId} className="input" value={row.category ?? ''} onChange={(e) => onMove(e.target.value)}>
        {CATEGORIES.map((c) => (
          <option key={c.apiValue} value={c.apiValue}>
            {c.apiValue === row.category ? `In ${c.navLabel}` : `Move to ${c.navLabel}`}
          </option>
        ))}
      </select>
    </li>
  );
}

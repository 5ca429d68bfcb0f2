import type { ClientImage } from '@shared/client-image';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MasonryGrid } from '../../components/ui/masonry-grid';
import { PageHero } from '../../components/ui/page-hero';
import { SearchField } from '../../components/ui/search-field';
import { Seo } from '../../components/ui/seo';
import { Spinner } from '../../components/ui/spinner';
import { searchImages } from '../../features/gallery/api/gallery-api';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { usePictureAddress } from '../../features/lightbox/hooks/use-picture-address';
import './search.css';

type Answer = { q: string; images: ClientImage[]; total: number } | { q: string; error: string };

/**
 * /search?q=: the featured and collection pictures whose prompts hold every word typed (the last
 * word may be unfinished; a word also matches by its stem, "foxes" finds "fox"), newest first. The query lives in the URL, so a search can be shared,
 * reloaded and gone back to; the index is on the server (bench/search.bench.ts says why).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const [answer, setAnswer] = useState<Answer>();
  const hintId = useId();
  // One letter is not searched (every prompt has one): say so rather than leave a disabled button unexplained.
  const oneLetter = typed.trim().length === 1 || (q.length === 1 && typed.trim() === q);

  useEffect(() => {
    setTyped(q);
    if (q.length < 2) return;
    const abort = new AbortController();
    searchImages(q, abort.signal).then(
      (found) => setAnswer({ q, ...found }),
      (err: Error) => {
        if (!abort.signal.aborted) setAnswer({ q, error: err.message || 'The search failed. Please try again.' });
      },
    );
    return () => abort.abort();
  }, [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    if (next) setParams({ q: next });
  };

  const current = answer && answer.q === q ? answer : undefined;
  const images = current && 'images' in current ? current.images : [];
  const { viewer, open, move, close } = usePictureAddress({ results: { images } }, q.length < 2 || current !== undefined);

  return (
    <div className="container">
      <Seo
        title="Search AI Pictures"
        description="Find pictures in the featured gallery and the collections by the words of their prompts."
      />
      <PageHero title="Search AI Pictures" tagline="Every featured and collection picture, by the words of its prompt." />
      <search>
        <form className="search-form" onSubmit={onSubmit}>
          <SearchField
            label="Search pictures"
            className="search-form__input"
            value={typed}
            onChange={setTyped}
            placeholder="e.g. lighthouse at dawn"
            minLength={2}
            maxLength={100}
            enterKeyHint="search"
            aria-describedby={oneLetter ? hintId : undefined}
          />
          <button type="submit" className="btn btn--primary" disabled={typed.trim().length < 2}>
            Search
          </button>
        </form>
        {oneLetter && (
          <p id={hintId} className="search-form__hint" role="status">
            Type at least 2 letters to search.
          </p>
        )}
      </search>
      <section aria-live="polite" aria-busy={q.length >= 2 && !current} className="search-results">
        {q.length >= 2 && !current && <Spinner />}
        {current && 'error' in current && <p className="empty">{current.error}</p>}
        {current && 'images' in current && (
          <p className="search-results__count">
            {current.total === 0
              ? `No pictures match “${q}”. Try another word.`
              : `${current.total} ${current.total === 1 ? 'picture matches' : 'pictures match'} “${q}”${current.total > images.length ? ` (the newest ${images.length} shown)` : ''}.`}
          </p>
        )}
        {images.length > 0 && (
          <MasonryGrid images={images} label={`Pictures matching ${q}`} onOpen={(i) => images[i] && open('results', images[i])} />
        )}
      </section>
      {viewer && <LazyLightbox images={viewer.images} index={viewer.index} onIndexChange={move} onClose={close} />}
    </div>
  );
}

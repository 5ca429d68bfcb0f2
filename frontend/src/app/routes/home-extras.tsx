import { CATEGORIES, type Category } from '@shared/category-table';
import type { ClientImage } from '@shared/schemas/gallery';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type Collection, fetchCollections, fetchNewestFeatured } from '../../features/gallery/api/gallery-api';
import { PictureTile } from '../../features/gallery/components/picture-tile';
import { LazyLightbox } from '../../features/lightbox/components/lazy-lightbox';
import { paths } from '../paths';
import './home-extras.css';

/** How many of the newest featured images feed 'Big pictures' (2) and 'AI images' (8). */
const BIG = 2;
const AI_IMAGES = 8;

/** Loads once after the first render; `undefined` until the API answers (the sections keep their boxes meanwhile). */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then(setValue)
      .catch((err: unknown) => {
        // Home's extras are decoration over the galleries: a failure only leaves their placeholders.
        if ((err as Error).name !== 'AbortError') console.warn('home sections failed to load', err);
      });
    return () => controller.abort();
  }, []);
  return value;
}

/** A sample picture with its collection's label, description and prompt (the spec's showcase and blog cards). */
function StoryCard({ category, image, kind }: { category: Category; image?: ClientImage; kind: 'showcase' | 'journal' }) {
  return (
    <li>
      <article className="story-card">
        <div className="story-card__image">
          {image && <img src={image.thumbnailUrl} alt={image.prompt} loading="lazy" decoding="async" />}
        </div>
        <div className="story-card__body">
          <span className="story-card__label">{category.navLabel}</span>
          <h3>{kind === 'showcase' ? category.heroTitle : `Prompt notes: ${category.navLabel}`}</h3>
          <p>{category.tagline}</p>
          {image && <blockquote>{image.prompt}</blockquote>}
          {kind === 'showcase' || !image ? (
            <Link className="story-card__link" to={`/${category.slug}`}>
              Explore {category.navLabel} →
            </Link>
          ) : (
            <Link className="story-card__link" to={paths.generate} state={{ prompt: image.prompt, aspectRatio: image.aspectRatio }}>
              Try this prompt →
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * Home below the generator (spec section 2 'Home': showcase, blog, big images and AI images sections), fed by the
 * featured gallery: each collection's newest pictures (GET /api/gallery/categories) and the newest featured ones.
 * Showcase cards lead to their collection; journal cards fill the studio with their prompt ('Try this prompt').
 */
export default function HomeExtras() {
  const collections = useLoaded(fetchCollections);
  const newest = useLoaded((signal) => fetchNewestFeatured(BIG + AI_IMAGES, signal));
  const [viewer, setViewer] = useState<{ images: ClientImage[]; index: number } | null>(null);
  const byCategory = new Map((collections ?? []).map((c: Collection) => [c.category, c]));
  const sample = (c: Category, n = 0) => byCategory.get(c.apiValue)?.samples[n];
  const showcase = CATEGORIES.filter((c) => c.inNavbar).slice(0, 3);
  const journal = CATEGORIES.filter((c) => !c.inNavbar).slice(0, 3);
  const big = newest?.slice(0, BIG) ?? [];
  const ai = newest?.slice(BIG) ?? [];

  return (
    <>
      <section className="container home-section" aria-labelledby="showcase-title">
        <header>
          <h2 id="showcase-title">Showcase</h2>
          <p className="home-section__lede">Picked from the collections, with the prompt that made each one.</p>
        </header>
        <ul className="story-cards">
          {showcase.map((c) => (
            <StoryCard key={c.slug} category={c} image={sample(c)} kind="showcase" />
          ))}
        </ul>
      </section>

      <section className="container home-section" aria-labelledby="big-title">
        <header>
          <h2 id="big-title">Big pictures</h2>
          <p className="home-section__lede">The newest of the featured gallery, large.</p>
        </header>
        <ul className="big-images">
          {Array.from({ length: BIG }, (_, i) => {
            const image = big[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional boxes, filled when the list arrives
              <li key={i}>
                <figure className="big-image">
                  {image && (
                    <>
                      {/* The caption says it: an alt text repeating it is read twice. */}
                      <img src={image.thumbnailUrl} alt="" loading="lazy" decoding="async" />
                      <figcaption className="tile-caption">{image.prompt}</figcaption>
                    </>
                  )}
                </figure>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="container home-section" aria-labelledby="journal-title">
        <header>
          <h2 id="journal-title">From the journal</h2>
          <p className="home-section__lede">How a collection's pictures were asked for; try one in the studio.</p>
        </header>
        <ul className="story-cards">
          {journal.map((c) => (
            <StoryCard key={c.slug} category={c} image={sample(c)} kind="journal" />
          ))}
        </ul>
      </section>

      <section className="container home-section" aria-labelledby="ai-title">
        <header>
          <h2 id="ai-title">AI images</h2>
          <p className="home-section__lede">More from the featured gallery. Open one to see it full screen.</p>
        </header>
        <ul className="ai-images">
          {Array.from({ length: AI_IMAGES }, (_, i) => {
            const image = ai[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional boxes, filled when the list arrives
              <li key={i}>{image && <PictureTile image={image} onOpen={() => setViewer({ images: ai, index: i })} />}</li>
            );
          })}
        </ul>
      </section>

      <section className="container home-section home-collections" aria-labelledby="collections-title">
        <header>
          <h2 id="collections-title">Explore the collections</h2>
          <p className="home-section__lede">Fourteen themed galleries, curated by the operator.</p>
        </header>
        <ul className="collection-cards">
          {CATEGORIES.map((c, i) => {
            const cover = sample(c);
            return (
              <li key={c.slug}>
                <Link
                  to={`/${c.slug}`}
                  className="collection-card"
                  style={{ '--hue': (i * 360) / CATEGORIES.length } as React.CSSProperties}
                >
                  {cover && <img className="collection-card__cover" src={cover.thumbnailUrl} alt="" loading="lazy" decoding="async" />}
                  <span className="collection-card__name">{c.navLabel}</span>
                  <span className="collection-card__title">{c.heroTitle}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <p className="home-collections__cta">
          <Link to={paths.generate} className="btn btn--primary">
            Open the full studio
          </Link>
        </p>
      </section>

      {viewer && (
        <LazyLightbox
          images={viewer.images}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ images: viewer.images, index })}
          onClose={() => setViewer(null)}
          onMove={() => {}}
          paused={false}
        />
      )}
    </>
  );
}

import { CATEGORIES, type Category } from '@shared/category-table';
import type { ClientImage } from '@shared/client-image';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CallToAction } from '../../components/ui/call-to-action';
import { thumbnailSources } from '../../components/ui/thumbnail';
import { paths } from '../../config/paths';
import { type Collection, fetchCollections, fetchNewestFeatured } from '../../features/gallery/api/gallery-api';
import { PictureTile } from '../../features/gallery/components/picture-tile';
import { HOME_RANK, useClaim, useHomeOnce } from '../../features/gallery/home-once';
import { useOpenPicture } from '../../features/lightbox/hooks/use-picture-address';
import './home-extras.css';

/** 'Big pictures' (2) and 'AI images' (8) show the newest featured pictures not shown above them on home. */
const BIG = 2;
const AI_IMAGES = 8;
/** How many of the newest featured pictures are asked for: enough that 10 are left once those shown above are skipped. */
const NEWEST_POOL = 48;
/** The srcset `sizes` of the story and collection cards (about a third of a wide screen) and of the big pictures. */
const CARD_SIZES = '(min-width: 768px) 33vw, 100vw';
const BIG_SIZES = '(min-width: 768px) 50vw, 100vw';

/**
 * True once the element `id` names (a section's heading; its section is watched) comes within a screen of the viewport,
 * and from then on. Home's sections below the galleries ask for their pictures then, not at start-up: a phone visitor
 * who never scrolls that far asks for none of them, and the page's first seconds carry no render of theirs (issue 32:
 * Lighthouse mobile on home). Without IntersectionObserver, at once.
 */
function useNearViewport(id: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const section = document.getElementById(id)?.closest('section');
    if (!section || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [id]);
  return near;
}

/** Loads once `wanted` (then once only); `undefined` until the API answers (the sections keep their boxes meanwhile). */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, wanted: boolean): T | undefined {
  const [value, setValue] = useState<T>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when wanted
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    load(controller.signal)
      .then((v) => startTransition(() => setValue(v)))
      .catch((err: unknown) => {
        // Home's extras are decoration over the galleries: a failure only leaves their placeholders.
        if ((err as Error).name !== 'AbortError') console.warn('home sections failed to load', err);
      });
    return () => controller.abort();
  }, [wanted]);
  return value;
}

type StoryKind = 'showcase' | 'journal';

/** A sample picture with its collection's label, description and prompt (the spec's showcase and blog cards). */
function StoryCard({ category, image, kind }: { category: Category; image?: ClientImage; kind: StoryKind }) {
  return (
    <li>
      <article className="story-card">
        <div className="story-card__image">
          {image && <img {...thumbnailSources(image, CARD_SIZES)} alt={image.prompt} loading="lazy" decoding="async" />}
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

interface Heading {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  lede: string;
}

/** A home section: its heading and one-line lede, then its content. */
function HomeSection({ id, title, lede, className, children }: Heading & { className?: string; children: ReactNode }) {
  return (
    <section className={`container home-section${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <header>
        <h2 id={id}>{title}</h2>
        <p className="home-section__lede">{lede}</p>
      </header>
      {children}
    </section>
  );
}

/** The showcase leads to the navbar's collections, the journal to the others: three cards each. */
const STORIES: Record<StoryKind, Heading & { categories: Category[] }> = {
  showcase: {
    id: 'showcase-title',
    title: 'Showcase',
    lede: 'Picked from the collections, with the prompt that made each one.',
    categories: CATEGORIES.filter((c) => c.inNavbar).slice(0, 3),
  },
  journal: {
    id: 'journal-title',
    title: 'From the journal',
    lede: "How a collection's pictures were asked for; try one in the studio.",
    categories: CATEGORIES.filter((c) => !c.inNavbar).slice(0, 3),
  },
};

/** The showcase or the journal: a story card per collection, with its newest sample not shown above on home. */
function StorySection({ kind, samples }: { kind: StoryKind; samples: (c: Category) => ClientImage[] }) {
  const { categories, ...heading } = STORIES[kind];
  const pick = useHomeOnce(HOME_RANK[kind], true);
  const sample = (c: Category) => pick(samples(c))[0];
  useClaim(HOME_RANK[kind], true, categories.map(sample));
  return (
    <HomeSection {...heading}>
      <ul className="story-cards">
        {categories.map((c) => (
          <StoryCard key={c.slug} category={c} image={sample(c)} kind={kind} />
        ))}
      </ul>
    </HomeSection>
  );
}

/** `count` list items that hold their place while the pictures load; each is drawn with its picture once it arrives. */
function ImageBoxes({
  className,
  count,
  images,
  children,
}: {
  className: string;
  count: number;
  images: ClientImage[];
  children: (image: ClientImage | undefined, index: number) => ReactNode;
}) {
  return (
    <ul className={className}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional boxes, filled when the list arrives
        <li key={i}>{children(images[i], i)}</li>
      ))}
    </ul>
  );
}

/**
 * Home below the generator (spec section 2 'Home': showcase, blog, big images and AI images sections), fed by the
 * featured gallery: each collection's newest pictures (GET /api/gallery/categories) and the newest featured ones.
 * Showcase cards lead to their collection; journal cards fill the studio with their prompt ('Try this prompt').
 */
export default function HomeExtras() {
  // The first of them, the showcase, is watched: all load together (each picture once on home needs them all).
  const near = useNearViewport(STORIES.showcase.id);
  const collections = useLoaded(fetchCollections, near);
  const newest = useLoaded((signal) => fetchNewestFeatured(NEWEST_POOL, signal), near);
  // The generator's viewer above opens these too (their address, ?picture=<id>; generator-page.tsx).
  const openPicture = useOpenPicture();
  const byCategory = new Map((collections ?? []).map((c: Collection) => [c.category, c]));
  const samples = (c: Category) => byCategory.get(c.apiValue)?.samples ?? [];
  // Each picture once on home (features/gallery/home-once.ts): each section skips what the sections above it show.
  const pickBig = useHomeOnce(HOME_RANK.big, true);
  const pickAi = useHomeOnce(HOME_RANK.ai, true);
  const pickCover = useHomeOnce(HOME_RANK.collections, true);
  const big = newest ? pickBig(newest).slice(0, BIG) : [];
  const ai = newest ? pickAi(newest).slice(0, AI_IMAGES) : [];
  const covers = CATEGORIES.map((c) => pickCover(samples(c))[0]);
  useClaim(HOME_RANK.big, true, big);
  useClaim(HOME_RANK.ai, true, ai);
  useClaim(HOME_RANK.collections, true, covers);

  return (
    <>
      <StorySection kind="showcase" samples={samples} />

      <HomeSection id="big-title" title="Big pictures" lede="The newest of the featured gallery, large.">
        <ImageBoxes className="big-images" count={BIG} images={big}>
          {(image) => (
            <figure className="big-image">
              {image && (
                <>
                  {/* The caption says it: an alt text repeating it is read twice. */}
                  <img {...thumbnailSources(image, BIG_SIZES)} alt="" loading="lazy" decoding="async" />
                  <figcaption className="tile-caption">{image.prompt}</figcaption>
                </>
              )}
            </figure>
          )}
        </ImageBoxes>
      </HomeSection>

      <StorySection kind="journal" samples={samples} />

      <HomeSection id="ai-title" title="AI images" lede="More from the featured gallery. Open one to see it full screen.">
        <ImageBoxes className="ai-images" count={AI_IMAGES} images={ai}>
          {(image) => image && <PictureTile image={image} onOpen={() => openPicture(image)} />}
        </ImageBoxes>
      </HomeSection>

      <HomeSection
        id="collections-title"
        title="Explore the collections"
        lede="Fourteen themed galleries, curated by the operator."
        className="home-collections"
      >
        <ul className="collection-cards">
          {CATEGORIES.map((c, i) => {
            const cover = covers[i];
            return (
              <li key={c.slug}>
                <Link
                  to={`/${c.slug}`}
                  className="collection-card"
                  style={{ '--hue': (i * 360) / CATEGORIES.length } as React.CSSProperties}
                >
                  {cover && (
                    <img
                      className="collection-card__cover"
                      {...thumbnailSources(cover, CARD_SIZES)}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <span className="collection-card__name">{c.navLabel}</span>
                  <span className="collection-card__title">{c.heroTitle}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <CallToAction to={paths.generate} className="home-collections__cta">
          Open the full studio
        </CallToAction>
      </HomeSection>
    </>
  );
}

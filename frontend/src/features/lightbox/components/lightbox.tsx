import { TIMINGS } from '@shared/constants';
import { heldBackNotice } from '@shared/image-check';
import type { ClientImage } from '@shared/schemas/gallery';
import { useEffect, useId, useRef, useState } from 'react';
import { API_BASE, qs } from '../../../lib/api-client';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { getVisitor } from '../../../lib/visitor';
import { RemixActions } from './remix-actions';
import { ReportButton } from './report-button';
import { ShareControl } from './share-control';
import '../lightbox.css';

const SWIPE_PX = 50;

export interface LightboxProps {
  images: readonly ClientImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Called on each previous/next move (the view counter of the ad popup). */
  onMove?: () => void;
  /** While the ad popup shows: the close button is hidden and keys do nothing here. */
  paused?: boolean;
  /** The visitor's own pictures (My AI Creations): 'Share' makes one public at /i/<id>. */
  own?: boolean;
}

/**
 * Download through the API (spec section 7): /api/download?path=<url-encoded image url>; for the
 * visitor's own picture (private until shared) with their id, which the API checks.
 */
export function downloadHref(image: ClientImage, own = false): string | undefined {
  return image.url ? `${API_BASE}/download${qs({ path: image.url, ...(own ? { userId: getVisitor().userId } : {}) })}` : undefined;
}

/** The full-screen viewer shared by every gallery (spec section 2 'Lightbox'). */
export function Lightbox({ images, index, onIndexChange, onClose, onMove, paused = false, own = false }: LightboxProps) {
  const image = images[index];
  const [status, setStatus] = useState<'loading' | 'loaded' | 'error'>('loading');
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const touchX = useRef<number | null>(null);
  const [more, setMore] = useState(false);
  const moreId = useId();
  const atStart = index <= 0;
  const atEnd = index >= images.length - 1;

  // A picture the studio preloaded can finish loading before this effect runs: read the element's own state then, or
  // the spinner would stay over a loaded picture (its load event already fired).
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = imgRef.current;
    setStatus(!image?.url ? 'error' : img?.complete && img.naturalWidth > 0 ? 'loaded' : 'loading');
  }, [image?.url]);

  // A native modal dialog: the page behind is inert, Tab stays inside, Escape closes (not while the ad shows), and
  // focus returns to the tile on close.
  useModalDialog(dialogRef, () => {
    if (!pausedRef.current) onCloseRef.current();
  });
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The close button takes focus after the spec's 100 ms; the page behind does not scroll meanwhile.
  useEffect(() => {
    const timer = window.setTimeout(() => closeRef.current?.focus(), TIMINGS.lightboxFocusDelayMs);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.clearTimeout(timer);
      document.body.style.overflow = overflow;
    };
  }, []);

  // The ad popup pauses the viewer and its close button leaves the page meanwhile: the popup's 'Close Ad' then gave the
  // focus back to nothing (<body>). Where the focus was is gone only if it was on that button: it gets it again.
  const wasPaused = useRef(paused);
  useEffect(() => {
    const resumed = wasPaused.current && !paused;
    wasPaused.current = paused;
    if (resumed && !dialogRef.current?.contains(document.activeElement)) closeRef.current?.focus();
  }, [paused]);

  const move = (delta: -1 | 1) => {
    const next = index + delta;
    if (next < 0 || next > images.length - 1) return;
    onIndexChange(next);
    onMove?.();
  };

  useEffect(() => {
    if (paused) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // A picture the image check held back has no original to download (the API refuses it too).
  const href = image && !image.imageCheck ? downloadHref(image, own) : undefined;
  return (
    <dialog
      ref={dialogRef}
      className="lightbox screen-dialog"
      aria-modal="true"
      aria-label="Image viewer"
      onClick={(e) => e.target === e.currentTarget && !paused && onClose()}
      onKeyDown={undefined}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (paused || start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        move(end < start ? 1 : -1);
      }}
    >
      {!paused && (
        <button ref={closeRef} type="button" className="lightbox__close round-button" aria-label="Close viewer" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
      <div className="lightbox__stage">
        <button
          type="button"
          className="lightbox__side lightbox__side--prev round-button"
          aria-label="Previous image"
          disabled={atStart}
          onClick={() => move(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <figure className="lightbox__figure">
          {status === 'loading' && (
            <div className="lightbox__loader" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Loading image…</span>
            </div>
          )}
          {status === 'error' || !image ? (
            <p className="lightbox__error">Image failed to load.</p>
          ) : (
            <img
              ref={imgRef}
              key={image.url}
              src={image.url}
              alt={image.prompt}
              width={image.width}
              height={image.height}
              className={`lightbox__img${status === 'loaded' ? ' is-loaded' : ''}${image.imageCheck ? ' is-held-back' : ''}`}
              onLoad={() => setStatus('loaded')}
              onError={() => setStatus('error')}
            />
          )}
          <figcaption>
            <span className="lightbox__prompt">{image?.prompt}</span>
            {image?.imageCheck && (
              <span className="lightbox__held-back" role="note">
                {heldBackNotice(image.imageCheck)}
              </span>
            )}
            <span className="lightbox__meta">
              {image?.aspectRatio} · {index + 1} / {images.length}
            </span>
          </figcaption>
        </figure>
        <button
          type="button"
          className="lightbox__side lightbox__side--next round-button"
          aria-label="Next image"
          disabled={atEnd}
          onClick={() => move(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {/* The bar keeps to a few controls; the rest sit behind 'More'. Panels that open (the share link, the report
          form) grow the bar and shrink the picture, so every control stays inside the viewport. */}
      <div className="lightbox__bar">
        <button type="button" className="btn lightbox__step" disabled={atStart} onClick={() => move(-1)}>
          Previous
        </button>
        {href ? (
          <a className="btn btn--primary" href={href} download={image?.filename}>
            Download
          </a>
        ) : (
          <button type="button" className="btn btn--primary" disabled>
            Download
          </button>
        )}
        <button type="button" className="btn lightbox__step" disabled={atEnd} onClick={() => move(1)}>
          Next
        </button>
        {!paused && image && own && !image.imageCheck && <ShareControl key={`share-${image.id}`} image={image} />}
        {!paused && image && (
          <button type="button" className="btn" aria-expanded={more} aria-controls={moreId} onClick={() => setMore((m) => !m)}>
            More
          </button>
        )}
        {!paused && image && more && (
          <fieldset id={moreId} className="lightbox__more">
            <legend className="visually-hidden">More actions</legend>
            <RemixActions key={`remix-${image.id}`} image={image} onLeave={onClose} />
            <ReportButton key={image.id} imageId={image.id} />
          </fieldset>
        )}
      </div>
    </dialog>
  );
}

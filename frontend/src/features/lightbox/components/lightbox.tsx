import type { ClientImage } from '@shared/client-image';
import { TIMINGS } from '@shared/constants';
import { heldBackNotice } from '@shared/image-check';
import { useEffect, useId, useRef, useState } from 'react';
import { API_BASE, qs } from '../../../lib/api-client';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { getVisitor } from '../../../lib/visitor';
import { RemixActions } from './remix-actions';
import { ReportButton } from './report-button';
import { SeedLine } from './seed-line';
import { ShareControl } from './share-control';
import '../lightbox.css';
import { clampZoom, onPicture, SWIPE_DOWN_PX, SWIPE_PX, ZOOM_STEP } from './viewer-gestures';

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
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState({ scale: 1, origin: '50% 50%' });
  const zoomed = zoom.scale > 1;
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
    setZoom({ scale: 1, origin: '50% 50%' });
  }, [image?.url]);

  /** The zoom's origin at a point of the frame (the wheel's pointer, a double-tap, a pinch's middle). */
  const originAt = (x: number, y: number) => {
    const box = frameRef.current?.getBoundingClientRect();
    if (!box?.width || !box.height) return '50% 50%';
    return `${(((x - box.left) / box.width) * 100).toFixed(1)}% ${(((y - box.top) / box.height) * 100).toFixed(1)}%`;
  };
  // The wheel (a touchpad's pinch arrives as ctrl+wheel) zooms around the pointer; a listener of its own because
  // React's wheel listener is passive and could not keep the page from taking the wheel too.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const origin = originAt(event.clientX, event.clientY);
      setZoom((z) => ({ scale: clampZoom(z.scale * Math.exp(-event.deltaY * 0.002)), origin: z.scale > 1 ? z.origin : origin }));
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  });

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
      // A click on the backdrop closes: anywhere that is neither the picture nor a control nor the caption.
      onClick={(e) => {
        const target = e.target as HTMLElement;
        const backdrop =
          target === e.currentTarget ||
          target.matches('.lightbox__stage, .lightbox__figure, .lightbox__frame') ||
          (target === imgRef.current && !zoomed && !onPicture(imgRef.current, e.clientX, e.clientY));
        if (backdrop && !paused) onClose();
      }}
      onKeyDown={undefined}
      onTouchStart={(e) => {
        const [a, b] = [e.touches[0], e.touches[1]];
        touchStart.current = a && !b ? { x: a.clientX, y: a.clientY } : null;
        pinch.current = a && b ? { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), zoom: zoom.scale } : null;
        if (a && b) setZoom((z) => ({ ...z, origin: originAt((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2) }));
      }}
      onTouchMove={(e) => {
        const [a, b] = [e.touches[0], e.touches[1]];
        const start = pinch.current;
        if (!start || !a || !b || !start.distance) return;
        const scale = clampZoom((start.zoom * Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)) / start.distance);
        setZoom((z) => ({ ...z, scale }));
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0];
        touchStart.current = null;
        if (e.touches.length === 0) pinch.current = null;
        if (paused || zoomed || !start || !end) return;
        const dx = end.clientX - start.x;
        const dy = end.clientY - start.y;
        // Down (more down than sideways) closes, as in a phone's photo viewer; sideways moves.
        if (dy >= SWIPE_DOWN_PX && dy > Math.abs(dx)) onClose();
        else if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
      }}
    >
      {!paused && (
        <button ref={closeRef} type="button" className="lightbox__close round-button" aria-label="Close viewer" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
      {!paused && image && status === 'loaded' && (
        <button
          type="button"
          className="lightbox__zoom round-button"
          aria-label="Zoom"
          aria-pressed={zoomed}
          onClick={() => setZoom((z) => ({ scale: z.scale > 1 ? 1 : ZOOM_STEP, origin: '50% 50%' }))}
        >
          <span aria-hidden="true">{zoomed ? '−' : '+'}</span>
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
            <div ref={frameRef} className="lightbox__frame">
              <img
                ref={imgRef}
                key={image.url}
                src={image.url}
                alt={image.prompt}
                width={image.width}
                height={image.height}
                className={`lightbox__img${status === 'loaded' ? ' is-loaded' : ''}${image.imageCheck ? ' is-held-back' : ''}`}
                style={zoomed ? { transform: `scale(${zoom.scale})`, transformOrigin: zoom.origin } : undefined}
                onLoad={() => setStatus('loaded')}
                onError={() => setStatus('error')}
                onDoubleClick={(e) =>
                  setZoom((z) =>
                    z.scale > 1 ? { scale: 1, origin: '50% 50%' } : { scale: ZOOM_STEP, origin: originAt(e.clientX, e.clientY) },
                  )
                }
              />
            </div>
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
              {image?.seed !== undefined && <SeedLine seed={image.seed} />}
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
            <RemixActions key={`remix-${image.id}`} image={image} />
            <ReportButton key={image.id} imageId={image.id} />
          </fieldset>
        )}
      </div>
    </dialog>
  );
}

import { TIMINGS } from '@shared/constants';
import type { Ad } from '@shared/schemas/ads';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { pickPopupAds } from '../pick';
import { AdTile } from './ad-tile';
import './ad-popup.css';

/**
 * The full-screen ad popup (spec section 4): static (no Escape, no backdrop close), a countdown
 * 'Close ad in N s' from 5 ticking each second, then a 'Close Ad' button.
 */
export function AdPopup({ ads, onClose }: { ads: Ad[]; onClose: () => void }) {
  const shown = useMemo(() => pickPopupAds(ads, window.innerWidth), [ads]);
  const [seconds, setSeconds] = useState<number>(TIMINGS.adCountdownSeconds);
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // A static native modal: no Escape close; the viewer under it is inert until 'Close Ad'.
  useModalDialog(dialogRef);

  useEffect(() => {
    dialogRef.current?.focus();
    const timer = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) closeRef.current?.focus();
  }, [seconds]);

  return (
    <dialog
      ref={dialogRef}
      className="ad-popup screen-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      // Static modal: keys other than Tab do nothing here and never reach the lightbox.
      onKeyDown={(e) => e.key !== 'Tab' && e.stopPropagation()}
    >
      <div className="ad-popup__panel">
        <h2 id={titleId} className="ad-popup__title">
          Sponsored
        </h2>
        <div className="ad-popup__ads">
          {shown.map((ad) => (
            <AdTile key={ad.id ?? `${ad.imageUrl}|${ad.navigateUrl}`} ad={ad} labelled={false} />
          ))}
        </div>
        {seconds > 0 ? (
          <p className="ad-popup__countdown" aria-live="polite">
            Close ad in {seconds} s
          </p>
        ) : (
          <button ref={closeRef} type="button" className="btn btn--primary" onClick={onClose}>
            Close Ad
          </button>
        )}
      </div>
    </dialog>
  );
}

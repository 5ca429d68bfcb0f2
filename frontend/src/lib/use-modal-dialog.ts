import { type RefObject, useEffect, useRef } from 'react';
import { lowerToasts, raiseToasts } from './toast-layer';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A native modal <dialog> for as long as the component is mounted: showModal() on mount (the page behind becomes
 * inert, also to screen readers), close() on unmount (focus goes back where it was). Tab and Shift+Tab cycle inside
 * the dialog instead of leaving for the browser's own UI. Escape calls `onEscape`; without one the dialog is static
 * (the ad popup): Escape does nothing, and should the browser close it anyway, it is shown again.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onEscape?: () => void): void {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    let mounted = true;
    if (!dialog.open) dialog.showModal();
    raiseToasts(dialog);
    const onCancel = (event: Event) => {
      event.preventDefault();
      escapeRef.current?.();
    };
    // Chromium may close a dialog whose cancel keeps being prevented without user activation: a static one reopens.
    const onClose = () => {
      if (mounted && !escapeRef.current) dialog.showModal();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Handled here, before the browser's close request: Escape never closes a static dialog.
        event.preventDefault();
        escapeRef.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      mounted = false;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('keydown', onKeyDown);
      lowerToasts(dialog);
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [ref]);
}

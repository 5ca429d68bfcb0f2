import { TOAST_DEFAULTS } from '@shared/constants';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts with the spec's global settings. react-toastify has no "prevent duplicates" switch; a
 * toast id equal to the text gives the same effect (a second identical toast while one shows is dropped).
 */
export const TOAST_CONTAINER_PROPS = {
  position: TOAST_DEFAULTS.position,
  autoClose: TOAST_DEFAULTS.autoClose,
  closeButton: TOAST_DEFAULTS.closeButton,
  newestOnTop: true,
  theme: 'dark',
} as const;

type Kind = 'success' | 'error' | 'info';

let needed = false;
const waiting = new Set<() => void>();

/**
 * Calls `mount` once the first toast is asked for (at once if one already was): the shell mounts the
 * toast container then, so react-toastify (~10 kB gzip) is neither loaded nor run during page load.
 * Returns an unsubscribe function.
 */
export function whenToastsNeeded(mount: () => void): () => void {
  if (needed) {
    mount();
    return () => {};
  }
  waiting.add(mount);
  return () => waiting.delete(mount);
}

/** react-toastify is loaded on first use; a toast raised before its container mounts is queued by it. */
function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (!needed) {
    needed = true;
    for (const mount of waiting) mount();
    waiting.clear();
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message, { toastId: message, ...options }));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

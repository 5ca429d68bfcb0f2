/**
 * Where the toasts live. A modal <dialog> (the viewer, the ad popup) sits in the browser's top layer and makes
 * everything outside it inert, so a toast container in the page would be painted under it and could not be clicked.
 * The shell renders react-toastify into one host element (a portal target); the host is moved into the topmost open
 * modal dialog while one is open, and back to <body> when none is. Moving the host node keeps React's tree (and the
 * toasts on show) intact: only its place in the DOM changes.
 */
let host: HTMLDivElement | undefined;
const open: HTMLDialogElement[] = [];

/** The element the toast container is rendered into (created on first use). */
export function toastHost(): HTMLDivElement {
  if (!host) {
    host = document.createElement('div');
    host.className = 'toast-host';
    rehome();
  }
  return host;
}

function rehome(): void {
  if (!host) return;
  const target = open.at(-1) ?? document.body;
  if (host.parentNode !== target) target.appendChild(host);
}

/** A modal dialog was shown: the toasts go inside it (above its content). */
export function raiseToasts(dialog: HTMLDialogElement): void {
  open.push(dialog);
  rehome();
}

/** The dialog is closing: the toasts go back to the dialog below it, or to the page. */
export function lowerToasts(dialog: HTMLDialogElement): void {
  const at = open.lastIndexOf(dialog);
  if (at >= 0) open.splice(at, 1);
  rehome();
}

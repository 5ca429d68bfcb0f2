/*
 * A tab left open across a deploy asks for chunk names the new deploy no longer has (404), and Vite's preload
 * helper raises `vite:preloadError` for it. One reload picks up the new index and its chunk names; the mark in
 * sessionStorage keeps that to one reload until a page chunk loads again, so a chunk that keeps failing (a flaky
 * connection, a broken deploy) shows the route's message with Retry instead of reloading in a loop. Offline, a
 * reload would only swap the shell for the browser's own error page: the message shows at once.
 */
const RELOADED_KEY = 'artloom.chunkReload';

function reloadedOnce(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return true; // no storage, no guard: never reload
  }
}

/** Listens for failed chunk loads (src/main.tsx). The error still reaches the route's boundary either way. */
export function reloadOnceOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine || reloadedOnce()) return;
    try {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      return;
    }
    location.reload();
  });
}

/** A page chunk has loaded: a later stale chunk may reload once again. */
export function chunkLoaded(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // nothing to clear
  }
}

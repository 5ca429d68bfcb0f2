import { type ComponentType, lazy } from 'react';
import { chunkLoaded } from './chunk-reload';

/** A lazily loaded component that can be loaded ahead of its first render (`preload`). */
export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy, plus `preload()`: once the module is in, the component renders it directly, without
 * suspending. A first render that suspends shows its boundary's fallback, and React then holds back
 * every boundary's reveal until 300 ms after the last fallback (react-dom's FALLBACK_THROTTLE_MS): a
 * category page opened on a phone painted its hero and grid 300 ms after the answers were in
 * (issue 25). src/main.tsx preloads the page of the path it starts on (src/app/router.tsx,
 * `preloadPage`), whose chunk src/boot.ts has fetched beside the first chunk, before the first render.
 */
const failed = new Set<() => void>();

/** Lets every page whose chunk failed to load try again on its next render (the route's Retry: app/layout/root-layout.tsx). */
export function retryFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}

/**
 * The module a failed dynamic import names (Chromium: "Failed to fetch dynamically imported module: <url>"; Firefox
 * says it too; Safari names none). Some browsers (Debian's Chromium 150, 28 Nov) keep a failed module in the page's
 * module map and answer the same failure to every later import of that address without asking the server again.
 */
const failedModule = (error: unknown) => /https?:\/\/\S+?\.js\b/.exec(String((error as Error | undefined)?.message))?.[0];
let retries = 0;

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  /** After a failed load: the page's module, asked for again under a fresh address (the same file, a query added). */
  let again: string | undefined;
  const fetchPage = (): Promise<{ default: ComponentType<P> }> =>
    again ? import(/* @vite-ignore */ `${again}?retry=${++retries}`) : load();
  const preload = () => {
    pending ??= fetchPage().then(
      (module) => {
        loaded = module.default;
        chunkLoaded();
      },
      (error: unknown) => {
        // React.lazy keeps its rejection for good: retryFailedPages (the route's Retry) gives the page a fresh one, and
        // the browser fetches a failed module again. Not at once: React re-renders the page when the load settles,
        // and a fresh lazy there would start the next load, and so on, in a loop.
        pending = undefined;
        again = failedModule(error) ?? again;
        failed.add(() => {
          Lazy = makeLazy();
        });
        throw error;
      },
    );
    return pending;
  };
  const makeLazy = () =>
    lazy(async () => {
      await preload();
      return { default: loaded as ComponentType<P> };
    });
  let Lazy = makeLazy();
  function Page(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

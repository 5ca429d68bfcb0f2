import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bootScriptSource } from '../../../frontend/build/boot-script';
import { CONSENT_KEY } from '../../../frontend/src/lib/consent';

/**
 * src/boot.ts runs as a classic script before the body (CSP: script-src 'self'), bundled by frontend/build/boot-script.ts (bootScriptSource),
 * and spells the consent key itself: run the bundle against a fake document and storage to hold it to the app's key.
 */
const source = bootScriptSource();

const PRELOADS = ['/assets/generator-page-x.js', '/assets/studio-y.js'];
const GENERATE_PRELOADS = ['/assets/generate-g.js', ...PRELOADS];
const CATEGORY_PRELOADS = ['/assets/category-z.js'];
const ROUTES = [
  { name: 'generator', paths: ['/'], files: PRELOADS },
  { name: 'generate', paths: ['/generate'], files: GENERATE_PRELOADS },
  {
    name: 'category',
    paths: ['/space'],
    files: CATEGORY_PRELOADS,
    answers: {
      '/space': [
        { url: '/api/list?space', unlessStored: 'spaceList', firstPicture: { sizes: '(max-width: 576px) 100vw, 20vw', filesHost: '' } },
        { url: '/api/ads/all' },
      ],
    },
  },
];

function boot(pathname: string, stored: Record<string, string>, storageThrows = false, page = '/') {
  return run(pathname, stored, storageThrows, 'visible', page).attributes;
}

/**
 * Runs boot at `pathname` with index.html's preload lists; what it marked and the links it added. `lists`: the JSON the
 * early GETs answer, by url (others answer without a body).
 */
function run(
  pathname: string,
  stored: Record<string, string> = {},
  storageThrows = false,
  visibilityState = 'visible',
  page = '/',
  lists: Record<string, unknown> = {},
  paintTiming = false,
) {
  // The paint timing API where asked (`paintTiming`): its observers, to hand them a first-contentful-paint entry.
  const observers: { callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void; disconnected: boolean }[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly entry;
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const attributes = new Set<string>();
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const appended: Record<string, unknown>[] = [];
  const links: Record<string, string>[] = [];
  const fetched: string[] = [];
  const preloads: Record<string, string>[] = [];
  const window: { artloomEarlyAnswers?: Record<string, unknown>; artloomFirstPicture?: string; artloomPagePreloaded?: boolean } = {};
  runInNewContext(source, {
    ...(paintTiming ? { PerformanceObserver: FakePerformanceObserver } : {}),
    window,
    fetch: (url: string) => {
      fetched.push(url);
      const list = lists[url];
      return Promise.resolve(list === undefined ? { url } : { url, ok: true, clone: () => ({ json: async () => list }) });
    },
    location: { pathname },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
    // The timers here are run by hand; a cleared one may still run (boot's own guard makes that harmless, as tested).
    clearTimeout: () => {},
    document: {
      visibilityState,
      addEventListener: (type: string, fn: () => void) => {
        listeners[type] = fn;
      },
      querySelector: (selector: string) =>
        selector === 'link[data-app-entry]'
          ? { getAttribute: () => '/assets/index-x.js' }
          : (appended.find((el) => selector === 'script[data-app-entry]' && el.type === 'module') ?? null),
      // <html data-page>: the path whose first render the served page holds (index.html '/', generate.html '/generate').
      documentElement: {
        setAttribute: (name: string) => attributes.add(name),
        getAttribute: (name: string) => (name === 'data-page' ? page : null),
      },
      getElementById: (id: string) => (id === 'route-preloads' ? { textContent: JSON.stringify(ROUTES) } : null),
      createElement: (tag: string) =>
        tag === 'script'
          ? {
              setAttribute(name: string) {
                (this as Record<string, unknown>)[name] = true;
              },
            }
          : // setAttribute not enumerable: the links compare as their fields.
            Object.defineProperty({}, 'setAttribute', {
              value(this: Record<string, unknown>, name: string, value: string) {
                this[name] = value;
              },
            }),
      head: {
        appendChild: (el: Record<string, string>) =>
          el.rel === 'modulepreload' ? links.push(el) : el.rel === 'preload' ? preloads.push(el) : appended.push(el),
      },
    },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
  });
  const paint = () => {
    for (const o of observers) o.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
  };
  return {
    attributes,
    links,
    fetched,
    early: window.artloomEarlyAnswers ?? {},
    listeners,
    frames,
    timers,
    appended,
    preloads,
    window,
    observers,
    paint,
  };
}

describe('boot', () => {
  it('marks a decided visitor with the key the app stores its consent under', () => {
    expect(boot('/', { [CONSENT_KEY]: '{"version":1}' }).has('data-consent-decided')).toBe(true);
    expect(boot('/', {}).has('data-consent-decided')).toBe(false);
    expect(boot('/', { otherKey: 'x' }).has('data-consent-decided')).toBe(false);
  });

  it('marks deep links only, and survives blocked storage', () => {
    expect(boot('/faq', {}, true)).toEqual(new Set(['data-deep-link']));
    expect(boot('/', {}, true)).toEqual(new Set());
  });

  it("does not mark a prerendered page's own path (generate.html at /generate, with or without a trailing slash)", () => {
    expect(boot('/generate', {}, false, '/generate')).toEqual(new Set());
    expect(boot('/generate/', {}, false, '/generate')).toEqual(new Set());
    expect(boot('/', {}, false, '/generate')).toEqual(new Set(['data-deep-link']));
    expect(boot('/generate', {}, false, '/')).toEqual(new Set(['data-deep-link']));
  });

  it("preloads at low priority the lazy chunks of the path's first screen, and nothing another path needs", () => {
    const links = (hrefs: string[]) => hrefs.map((href) => ({ rel: 'modulepreload', crossOrigin: '', fetchPriority: 'low', href }));
    expect(run('/').links).toEqual(links(PRELOADS));
    expect(run('/generate').links).toEqual(links(GENERATE_PRELOADS));
    // The app waits for the page's chunk only where it is on its way.
    for (const path of ['/', '/generate', '/space']) expect(run(path).window.artloomPagePreloaded).toBe(true);
    for (const path of ['/faq', '/i/abc']) expect(run(path).window.artloomPagePreloaded).toBeUndefined();
    expect(run('/space').links).toEqual(links(CATEGORY_PRELOADS));
    for (const path of ['/faq', '/i/abc']) expect(run(path).links).toEqual([]);
  });

  it("sends a category page's API requests at once, the list only when no cached copy is stored", () => {
    const first = run('/space');
    expect(first.fetched).toEqual(['/api/list?space', '/api/ads/all']);
    expect(Object.keys(first.early)).toEqual(['/api/list?space', '/api/ads/all']);
    expect(run('/space', { spaceList: '[]' }).fetched).toEqual(['/api/ads/all']);
    expect(run('/', {}).fetched).toEqual([]);
  });

  it("picks a category page's first picture when its list answers and preloads it with the tile's srcset and sizes", async () => {
    const list = ['a', 'b', 'c'].map((id) => ({
      id,
      url: `/files/images/${id}.png`,
      thumbnailUrl: `/files/thumbs/${id}.webp`,
      thumbnails: [256, 384].map((width) => ({ url: `/files/thumbs/${width}/${id}.webp`, width })),
      width: 1024,
      height: 768,
      fileName: `${id}.png`,
      createdAt: '2026-11-26T00:00:00.000Z',
      prompt: id,
    }));
    const page = run('/space', {}, false, 'visible', '/', { '/api/list?space': list });
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.preloads).toHaveLength(1);
    const id = page.window.artloomFirstPicture ?? '';
    expect(['a', 'b', 'c']).toContain(id);
    expect(page.preloads[0]).toMatchObject({
      rel: 'preload',
      as: 'image',
      fetchPriority: 'high',
      href: `/files/thumbs/${id}.webp`,
      imagesrcset: `/files/thumbs/256/${id}.webp 256w, /files/thumbs/384/${id}.webp 384w, /files/thumbs/${id}.webp 512w`,
      imagesizes: '(max-width: 576px) 100vw, 20vw',
    });
    // A cached list (no early request), an empty list or a failed answer: nothing preloaded, nothing picked.
    for (const other of [
      run('/space', { spaceList: '[]' }, false, 'visible', '/', { '/api/list?space': list }),
      run('/space', {}, false, 'visible', '/', { '/api/list?space': [] }),
      run('/space'),
    ]) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(other.preloads).toEqual([]);
      expect(other.window.artloomFirstPicture).toBeUndefined();
    }
  });

  it('starts the app one frame after the first paint (the prerendered page paints without waiting for it), at once in a hidden tab', () => {
    const page = run('/');
    expect(page.appended).toEqual([]);
    page.listeners.DOMContentLoaded?.();
    expect(page.appended).toEqual([]);
    for (const frame of page.frames.splice(0)) frame();
    expect(page.appended).toEqual([]);
    for (const timer of page.timers.splice(0)) timer();
    expect(page.appended).toEqual([expect.objectContaining({ type: 'module', crossOrigin: '', src: '/assets/index-x.js' })]);
    const hidden = run('/space', {}, false, 'hidden');
    hidden.listeners.DOMContentLoaded?.();
    expect(hidden.appended).toHaveLength(1);
  });

  it('where the browser reports paints, starts the app only once the first contentful paint was shown, never on a frame alone', () => {
    const page = run('/', {}, false, 'visible', '/', {}, true);
    page.listeners.DOMContentLoaded?.();
    expect(page.frames).toEqual([]);
    // One timer waits: the bound on the wait (FIRST_PAINT_WAIT_MS). The paint comes first here.
    expect(page.timers).toHaveLength(1);
    page.paint();
    expect(page.observers[0]?.disconnected).toBe(true);
    expect(page.appended).toEqual([]);
    // The start itself is a task of its own after the paint's callback; the bound's timer, run later, starts nothing more.
    for (const timer of page.timers.splice(0)) timer();
    expect(page.appended).toEqual([expect.objectContaining({ type: 'module', src: '/assets/index-x.js' })]);
    page.paint();
    for (const timer of page.timers.splice(0)) timer();
    expect(page.appended).toHaveLength(1);
  });

  it('starts the app when no paint is reported within the bound, and at once on a deep link (its prerendered markup is hidden)', () => {
    const quiet = run('/', {}, false, 'visible', '/', {}, true);
    quiet.listeners.DOMContentLoaded?.();
    for (const timer of quiet.timers.splice(0)) timer();
    expect(quiet.appended).toEqual([]);
    for (const timer of quiet.timers.splice(0)) timer();
    expect(quiet.appended).toHaveLength(1);
    const deep = run('/about', {}, false, 'visible', '/', {}, true);
    deep.listeners.DOMContentLoaded?.();
    expect(deep.appended).toHaveLength(1);
    expect(deep.observers).toEqual([]);
  });
});

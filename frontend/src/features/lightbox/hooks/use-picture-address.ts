import type { ClientImage } from '@shared/client-image';
import { PICTURE_PARAM, PICTURE_UNAVAILABLE } from '@shared/viewer-address';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';

/** A list a viewer can open on; `own`: the visitor's own pictures (the viewer offers Share). */
export interface ViewerList {
  images: readonly ClientImage[];
  own?: boolean;
}

export interface OpenViewer {
  images: readonly ClientImage[];
  index: number;
  own: boolean;
}

export interface PictureAddress<K extends string> {
  /** The picture the address names, in the list it was opened from (else the first list holding it); null when closed. */
  viewer: OpenViewer | null;
  /** Opens `image` of list `key`: a new history entry, so Back closes the viewer and leaves the gallery as it was. */
  open: (key: K, image: ClientImage) => void;
  /** Previous/next: the address follows the picture in place (no entry per step). */
  move: (index: number) => void;
  /** Goes back to the entry `open` pushed, or (an address opened directly) drops the query in place. */
  close: () => void;
}

interface ViewerState {
  viewer?: true;
}

function withPicture(search: string, pictureId: string | null): string {
  const params = new URLSearchParams(search);
  if (pictureId) params.set(PICTURE_PARAM, pictureId);
  else params.delete(PICTURE_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Opens a picture by its address from a part of the page that holds no viewer (home's AI images): the page's opens it. */
export function useOpenPicture(): (image: ClientImage) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (image) =>
    navigate({ ...location, search: withPicture(location.search, image.id) }, { state: { viewer: true } satisfies ViewerState });
}

/**
 * The viewer as a place (issue 32): the open picture lives in the gallery page's address as `?picture=<id>`, so Back (a
 * phone's swipe-back too) closes it and keeps the gallery under it, scroll included (only a new path scrolls to the
 * top: router.tsx), and the address opens it directly on a reload or a shared link. The gallery's page stays the page:
 * `/i/<id>` is the picture's own page (link-preview tags, made public by its author), not a view over a gallery.
 *
 * An id in none of the page's lists, once they have answered (`settled`), is asked of GET /api/images/{id}, the rule
 * `/i/<id>` follows: a public picture opens alone; one the visitor may not see (another visitor's private picture)
 * does not open, a notice says so and the address drops it. The visitor's id goes with the ask, so their own picture
 * opens even when the page's list has not reached it (a later page of My AI Creations).
 */
export function usePictureAddress<K extends string>(lists: Record<K, ViewerList>, settled: boolean): PictureAddress<K> {
  const location = useLocation();
  const navigate = useNavigate();
  const id = new URLSearchParams(location.search).get(PICTURE_PARAM);
  const [from, setFrom] = useState<K>();
  const [fetched, setFetched] = useState<{ id: string; image: ClientImage }>();

  const keys = Object.keys(lists) as K[];
  let viewer: OpenViewer | null = null;
  if (id) {
    for (const key of from ? [from, ...keys.filter((k) => k !== from)] : keys) {
      const list = lists[key];
      const index = list.images.findIndex((image) => image.id === id);
      if (index >= 0) {
        viewer = { images: list.images, index, own: list.own === true };
        break;
      }
    }
    if (!viewer && fetched?.id === id) viewer = { images: [fetched.image], index: 0, own: false };
  }

  const address = (pictureId: string | null) => ({
    pathname: location.pathname,
    search: withPicture(location.search, pictureId),
    hash: location.hash,
  });
  const pushed = (location.state as ViewerState | null)?.viewer === true;

  const missing = id !== null && viewer === null && settled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once per id that no list holds
  useEffect(() => {
    if (!missing || !id) return;
    const abort = new AbortController();
    // Loaded on this rare path only (off the generator's first chunk, which the first visit's JS budget counts).
    import('../api/share-api')
      .then(({ fetchPublicImage }) => fetchPublicImage(id, abort.signal))
      .then(
        (image) => {
          if (!abort.signal.aborted) setFetched({ id, image });
        },
        () => {
          if (abort.signal.aborted) return;
          notify.info(PICTURE_UNAVAILABLE);
          navigate(address(null), { replace: true });
        },
      );
    return () => abort.abort();
  }, [missing, id]);

  // Stable callbacks (the studio's onGenerated depends on `open`), reading the render's latest address.
  const latest = useRef({ address, viewer, pushed, state: location.state as unknown });
  latest.current = { address, viewer, pushed, state: location.state };
  const open = useCallback(
    (key: K, image: ClientImage) => {
      setFrom(key);
      navigate(latest.current.address(image.id), { state: { viewer: true } satisfies ViewerState });
    },
    [navigate],
  );
  const move = useCallback(
    (index: number) => {
      const { address, viewer, state } = latest.current;
      const image = viewer?.images[index];
      if (image) navigate(address(image.id), { replace: true, state });
    },
    [navigate],
  );
  const close = useCallback(() => {
    const { address, pushed } = latest.current;
    if (pushed) navigate(-1);
    else navigate(address(null), { replace: true });
  }, [navigate]);
  return { viewer, open, move, close };
}

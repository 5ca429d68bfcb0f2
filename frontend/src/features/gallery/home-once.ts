import type { ClientImage } from '@shared/client-image';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';

/**
 * Home once (issue 32): a picture shows at most once on home. Home's sections draw from overlapping lists (the wall
 * and the Featured grid from the featured sample, the big pictures and AI images from the newest featured, the story
 * and collection cards from each collection's newest, and every collection picture is featured too), so each section
 * claims what it shows, in the page's order (its rank), and skips what an earlier one claimed. Only a later section
 * gives way (when an earlier one grows, by Load More), never an earlier one, so the page settles at once.
 */
export const HOME_RANK = { wall: 0, grid: 1, showcase: 2, big: 3, journal: 4, ai: 5, collections: 6 } as const;

const claims = new Map<number, readonly ClientImage[]>();
const listeners = new Set<() => void>();
let version = 0;

function publish(): void {
  version += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The claims' version, as this component last rendered it; a new claim re-renders it in a transition. Not
 * useSyncExternalStore: React re-renders a store's readers at sync priority, in one task, and on home a claim lands
 * while the page starts (the wall's, the grid's): the generator's whole tree, and every effect still pending, ran in a
 * microtask then (29 Nov, Lighthouse's TBT on home). A section that reads a claim a moment late gives way a moment late.
 */
function useClaimsVersion(): number {
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    const listener = () => startTransition(() => setSeen(version));
    const unsubscribe = subscribe(listener);
    // A claim made between this render and the subscription.
    listener();
    return unsubscribe;
  }, []);
  return seen;
}

/** The ids earlier sections than `rank` show. */
function claimedBefore(rank: number): Set<string> {
  const ids = new Set<string>();
  for (const [r, claimed] of claims) if (r < rank) for (const image of claimed) ids.add(image.id);
  return ids;
}

/**
 * The section at `rank`: `pick` drops from a list what an earlier section shows; `useClaim` records what this one
 * shows (until it unmounts). Off home (`enabled` false) nothing is dropped or claimed.
 */
export function useHomeOnce(rank: number, enabled: boolean): (images: readonly ClientImage[]) => ClientImage[] {
  const seen = useClaimsVersion();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` is the claims' version
  return useMemo(() => {
    if (!enabled) return (images) => [...images];
    const taken = claimedBefore(rank);
    return (images) => images.filter((image) => !taken.has(image.id));
  }, [rank, enabled, seen]);
}

/** Records the pictures the section at `rank` shows (ids joined: a new array of the same pictures is no change). */
export function useClaim(rank: number, enabled: boolean, images: readonly (ClientImage | undefined)[]): void {
  const key = images.map((image) => image?.id ?? '').join(' ');
  const latest = useRef(images);
  latest.current = images;
  useEffect(() => {
    if (!enabled || !key.trim()) return;
    claims.set(
      rank,
      latest.current.filter((image): image is ClientImage => image !== undefined),
    );
    publish();
    return () => {
      claims.delete(rank);
      publish();
    };
  }, [rank, enabled, key]);
}

/** The pictures the section at `rank` shows (home's viewer opens the AI images section's, which lives in another chunk). */
export function useClaimed(rank: number): readonly ClientImage[] {
  useClaimsVersion();
  return claims.get(rank) ?? NONE;
}
const NONE: readonly ClientImage[] = [];

import { STORAGE_KEYS } from '@shared/constants';

export interface Visitor {
  userId: string;
  /** True on the visit that created the id (spec section 4: featured tab first, 'My AI Creations' hidden). */
  isNew: boolean;
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Non-secure contexts lack randomUUID; build a v4 UUID from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let current: Visitor | undefined;

/** Who the build-time prerender of home (and the render that hydrates it) shows the page to. */
export const PRERENDER_VISITOR: Visitor = { userId: '', isNew: true };

/** The visitor's identity: `photos_user_id` in localStorage, made on the first visit. */
export function getVisitor(): Visitor {
  if (current) return current;
  // The build-time prerender of home (no window) renders what a new visitor's first render shows.
  if (typeof window === 'undefined') return PRERENDER_VISITOR;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.userId);
  } catch {
    // storage blocked: the id lives for this page only
  }
  if (stored) current = { userId: stored, isNew: false };
  else {
    current = { userId: uuid(), isNew: true };
    try {
      localStorage.setItem(STORAGE_KEYS.userId, current.userId);
    } catch {
      // ignore
    }
  }
  return current;
}

/** After the first successful generation the visitor is no longer new (spec section 4). */
export function markReturning(): void {
  current = { ...getVisitor(), isNew: false };
}

/**
 * Continue another browser's gallery (features/recovery): this browser takes that visitor id. The
 * id is the gallery's only key, so nothing is sent anywhere; the next requests carry it.
 */
export function restoreVisitor(userId: string): void {
  current = { userId, isNew: false };
  try {
    localStorage.setItem(STORAGE_KEYS.userId, userId);
  } catch {
    // storage blocked: the gallery shows for this page only
  }
}

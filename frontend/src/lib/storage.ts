import { allows, isFunctionalityKey } from './consent';

/** Functionality storage is written only with the visitor's consent (lib/consent.ts); reads and removals always work. */
function mayStore(key: string): boolean {
  return !isFunctionalityKey(key) || allows('functionality');
}

/** JSON in localStorage that never throws: a full or blocked storage only loses the cache. */
export function readJson<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  if (!mayStore(key)) return;
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or blocked: the cache is an optimisation only
  }
}

export function readText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string): void {
  if (!mayStore(key)) return;
  try {
    localStorage.setItem(key, value);
  } catch {
    // ignore
  }
}

export function removeKeys(...keys: string[]): void {
  try {
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

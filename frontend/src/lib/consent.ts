import { STORAGE_KEYS } from '@shared/constants';

/**
 * Cookie and storage consent, as the Cookie Policy describes it. Strictly necessary storage needs no consent: the
 * visitor id (`photos_user_id`, it is what keeps My AI Creations), this record itself, the operator's sign-in
 * session and the studio's warm-up stamp (session storage). Everything else waits for consent:
 * - functionality: the gallery caches (`imageMetadata`, `adminImageMetadata`, each collection's list and stamp) and
 *   the studio's remembered number of pictures (`VARIANTS_KEY`);
 * - analytics and advertising: Artloom sets none today (its ads are first-party pictures, nothing measures them);
 *   the choices are recorded so that anything added later honours them.
 */
export const CONSENT_KEY = 'cookieConsent';
export const CONSENT_VERSION = 1;
export type ConsentPurpose = 'functionality' | 'analytics' | 'advertising';
export const CONSENT_PURPOSES: readonly ConsentPurpose[] = ['functionality', 'analytics', 'advertising'];

export interface ConsentChoice {
  version: number;
  functionality: boolean;
  analytics: boolean;
  advertising: boolean;
  decidedAt: string;
}

/** How many pictures the studio makes per job, as the visitor last chose (features/studio/variants.ts). */
export const VARIANTS_KEY = 'studioVariants';

/**
 * Whether a key holds functionality data (written only with consent, removed when it is refused): the two gallery
 * caches and the collections' keys, which follow the spec's patterns `all<Name>Meta` / `<name>LastUpdated` (matched
 * by pattern so the first chunk need not carry the categories table).
 */
export function isFunctionalityKey(key: string): boolean {
  return (
    key === STORAGE_KEYS.imageMetadata ||
    key === STORAGE_KEYS.adminImageMetadata ||
    key === VARIANTS_KEY ||
    /^all\w+Meta$/.test(key) ||
    /LastUpdated$/.test(key)
  );
}

export function readConsent(): ConsentChoice | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<ConsentChoice> | null;
    if (!parsed || parsed.version !== CONSENT_VERSION) return null;
    return {
      version: CONSENT_VERSION,
      functionality: parsed.functionality === true,
      analytics: parsed.analytics === true,
      advertising: parsed.advertising === true,
      decidedAt: String(parsed.decidedAt ?? ''),
    };
  } catch {
    return null;
  }
}

export function allows(purpose: ConsentPurpose): boolean {
  return readConsent()?.[purpose] === true;
}

export function saveConsent(choice: Omit<ConsentChoice, 'version' | 'decidedAt'>): ConsentChoice {
  const record: ConsentChoice = { version: CONSENT_VERSION, ...choice, decidedAt: new Date().toISOString() };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(record));
    if (!record.functionality) {
      const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
      for (const key of keys.filter(isFunctionalityKey)) localStorage.removeItem(key);
    }
  } catch {
    // blocked storage: the choice holds for this page only
  }
  window.dispatchEvent(new Event(CONSENT_CHANGED));
  return record;
}

/** Fired on window when the choice changes, and by the footer's 'Cookie settings' to open the banner again. */
const CONSENT_CHANGED = 'artloom:consent-changed';
export const CONSENT_OPEN = 'artloom:consent-open';

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSENT_KEY } from '../../../frontend/src/lib/consent';

/**
 * src/boot.js is a plain script (CSP: script-src 'self'; it runs before the body, unbundled), so it
 * spells the consent key itself: run it against a fake document and storage to hold it to the app's key.
 */
const source = readFileSync(join(import.meta.dirname, '../../../frontend/src/boot.js'), 'utf8');

function boot(pathname: string, stored: Record<string, string>, storageThrows = false) {
  const attributes = new Set<string>();
  runInNewContext(source, {
    location: { pathname },
    document: { documentElement: { setAttribute: (name: string) => attributes.add(name) } },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
  });
  return attributes;
}

describe('boot.js', () => {
  it('marks a decided visitor with the key the app stores its consent under', () => {
    expect(boot('/', { [CONSENT_KEY]: '{"version":1}' }).has('data-consent-decided')).toBe(true);
    expect(boot('/', {}).has('data-consent-decided')).toBe(false);
    expect(boot('/', { otherKey: 'x' }).has('data-consent-decided')).toBe(false);
  });

  it('marks deep links only, and survives blocked storage', () => {
    expect(boot('/faq', {}, true)).toEqual(new Set(['data-deep-link']));
    expect(boot('/', {}, true)).toEqual(new Set());
  });
});

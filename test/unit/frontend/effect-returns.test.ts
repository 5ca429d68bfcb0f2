import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * React calls whatever an effect returns as its cleanup. `useEffect(() => window.scrollTo(0, 0), …)` returned a
 * Promise in current Chromium and blanked the page on every in-site click ('l is not a function'). An effect body is
 * a block, or returns a cleanup written as a function (`() => () => …`); nothing else.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const EXPRESSION_EFFECT = /\buse(?:Layout|Insertion)?Effect\(\s*(?:async\s*)?\(\)\s*=>\s*(?![\s{]|\(\)\s*=>)/g;

describe('frontend effects', () => {
  it('never return the value of an expression (only a block body or a cleanup function)', () => {
    const offenders: string[] = [];
    for (const file of sources('frontend/src')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(EXPRESSION_EFFECT)) {
        offenders.push(`${file}:${text.slice(0, match.index).split('\n').length}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('catches the pattern that blanked the page', () => {
    const pattern = new RegExp(EXPRESSION_EFFECT.source);
    expect('useEffect(() => window.scrollTo(0, 0), [pathname]);').toMatch(pattern);
    expect('useEffect(() => { window.scrollTo(0, 0); }, [pathname]);').not.toMatch(pattern);
    expect('useEffect(() => () => abort.current?.abort(), []);').not.toMatch(pattern);
  });
});

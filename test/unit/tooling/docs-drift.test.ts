import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../lambdas/routes';
import { IMAGE_CHECK_REFUSED } from '../../../shared/image-check';
import { PROMPT_REFUSED } from '../../../shared/safety';

/**
 * No drift (issue 34 item 6): every error code the functions can answer is in the error catalogue of
 * docs/product.md (section 8); every route is documented. The codes are read from the source: the last string argument of each
 * `new …Error(…)` in lambdas/, the defaults and fixed codes of lambdas/lib/errors.ts, and the codes
 * kept as shared constants.
 */
const root = join(import.meta.dirname, '../../..');

/** The argument text of every `new XError(` call, its parentheses matched. */
function errorCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/new \w+Error\(/g)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    while (depth > 0 && end < source.length) {
      const c = source[end];
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      end++;
    }
    calls.push(source.slice(start, end - 1));
  }
  return calls;
}

function codesInSource(): Map<string, string> {
  const codes = new Map<string, string>();
  const files = readdirSync(join(root, 'lambdas'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('lambdas', f));
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const args of errorCalls(source)) {
      const code = /'([a-z]+(?:_[a-z]+)+)'\s*,?\s*$/.exec(args.trim())?.[1];
      if (code) codes.set(code, file);
    }
  }
  const errors = readFileSync(join(root, 'lambdas/lib/errors.ts'), 'utf8');
  for (const m of errors.matchAll(/code = '([a-z_]+)'|super\(\d+, '([a-z_]+)'/g)) codes.set(m[1] ?? m[2] ?? '', 'lambdas/lib/errors.ts');
  for (const code of [PROMPT_REFUSED, IMAGE_CHECK_REFUSED, 'internal']) codes.set(code, 'shared');
  return codes;
}

describe('the error catalogue', () => {
  it('lists every error code the functions answer', () => {
    const product = readFileSync(join(root, 'docs/product.md'), 'utf8');
    const section = product.slice(product.indexOf('## 8. Error catalogue'), product.indexOf('## 9.'));
    const codes = codesInSource();
    // Internal reasons that never reach the wire (jobs-table's admission) are not `new …Error` codes.
    expect(codes.size).toBeGreaterThan(30);
    const missing = [...codes]
      .filter(([code]) => !section.includes(`\`${code}\``))
      .map(([code, file]) => `${code} (${relative(root, join(root, file))})`);
    expect(missing).toEqual([]);
  });
});

describe('the documented routes', () => {
  it('name every route of the API as `METHOD /path` somewhere in docs/ or the README', () => {
    const docs = [
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(join(root, 'docs', f), 'utf8')),
      readFileSync(join(root, 'README.md'), 'utf8'),
    ].join('\n');
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(ROUTES.filter((r) => !docs.includes(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

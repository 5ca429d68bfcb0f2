import type { RefusalKind } from '../../shared/safety';
import { ALLOWED, PROFANITY, SEXUAL, SLURS } from './screening-lists';
import { readTerm, screeningReadings } from './screening-text';

export { joinSpacedLetters } from './screening-text';

/** What a word list found: the kind (for the plain reason) and the word as the prompt wrote it (normalised). */
export interface WordHit {
  kind: RefusalKind;
  term: string;
}

/**
 * Normalises an operator's list: lower-cased letters, digits, apostrophes, `*` (a stem: `nud*`) and
 * single spaces (other characters become spaces); no blanks, comments (`#`) or duplicates.
 */
export function normaliseTerms(terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of terms) {
    if (raw.trim().startsWith('#')) continue;
    const term = raw
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'*]+/gu, ' ')
      .trim();
    if (term) out.add(term);
  }
  return [...out];
}

/**
 * One list entry as a regular expression on a reading: each letter may repeat ('nuuude'), `l` also
 * reads as `i` (a `1` or `!` folded to `i` may have stood for an l), `u` as `v` ('fvck'), a space
 * in a phrase may be absent, and without `*` the entry must start and end at word boundaries.
 */
function entryPattern(entry: string, widen = false): RegExp | undefined {
  const term = readTerm(entry);
  const core = term.replace(/^\*|\*$/g, '');
  if (!/[a-z0-9]/.test(core)) return undefined;
  const letters = [...core]
    .map((c) => (c === ' ' ? ' ?' : c === '*' ? '[a-z0-9]*' : c === 'l' ? '[li]+' : c === 'u' ? '[uv]+' : `${c}+`))
    .join('');
  // An allowed word's open end takes the rest of the word, so it covers every hit inside that word.
  const open = widen ? '[a-z0-9]*' : '';
  const start = term.startsWith('*') ? open : '(?<![a-z0-9])';
  const end = term.endsWith('*') ? open : '(?![a-z0-9])';
  return new RegExp(`${start}${letters}${end}`, 'g');
}

interface Entry {
  pattern: RegExp;
  kind: RefusalKind;
}

const compile = (entries: readonly string[], kind: RefusalKind): Entry[] =>
  entries.flatMap((e) => {
    const pattern = entryPattern(e);
    return pattern ? [{ pattern, kind }] : [];
  });

const BUILT_IN: readonly Entry[] = [...compile(SLURS, 'slur'), ...compile(SEXUAL, 'sexual'), ...compile(PROFANITY, 'profanity')];

function spans(pattern: RegExp, text: string): [number, number][] {
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

/** The hit widened to whole words, as the visitor reads it back ('hardcoreporn', 'red dragon'). */
function wordsAround(text: string, [from, to]: [number, number]): string {
  const start = text.lastIndexOf(' ', from - 1) + 1;
  const end = text.indexOf(' ', to);
  return text.slice(start, end === -1 ? undefined : end);
}

/**
 * The word-list screen: slurs, sexual words and profanity (built in) plus the operator's blocked
 * terms, matched on every reading of the prompt (screening-text.ts); a hit wholly inside an allowed
 * word ('Scunthorpe', 'shiitake', 'pussy willow') does not count.
 */
export function wordListMatcher(blockedTerms: readonly string[]): (text: string) => WordHit | undefined {
  const operatorTerms = normaliseTerms(blockedTerms);
  const own = new Set(operatorTerms.map(readTerm));
  const allowed = ALLOWED.filter((a) => !own.has(readTerm(a))).flatMap((a) => entryPattern(a, true) ?? []);
  const entries = [...BUILT_IN, ...compile(operatorTerms, 'blocked')];
  // The first hit in the prompt names the refusal ('child porn' rather than the 'porn' inside it).
  const find = (text: string): WordHit | undefined => {
    let excused: [number, number][] | undefined;
    let first: { kind: RefusalKind; hit: [number, number] } | undefined;
    for (const { pattern, kind } of entries) {
      for (const hit of spans(pattern, text)) {
        excused ??= allowed.flatMap((a) => spans(a, text));
        if (excused.some(([from, to]) => from <= hit[0] && hit[1] <= to)) continue;
        if (!first || hit[0] < first.hit[0] || (hit[0] === first.hit[0] && hit[1] > first.hit[1])) first = { kind, hit };
      }
    }
    return first && { kind: first.kind, term: wordsAround(text, first.hit) };
  };
  return (prompt) => {
    for (const reading of screeningReadings(prompt)) {
      const hit = find(reading);
      if (hit) return hit;
    }
    return undefined;
  };
}

import type { RefusalKind } from '../../shared/safety';
import { isMinorAge } from './screening-ages';
import { ALLOWED, NUDITY, PROFANITY, SEXUAL, SLURS } from './screening-lists';
import {
  GORE_BLOOD,
  GORE_KILL,
  HATE_APPROVAL,
  HATE_VIOLENCE,
  PERSON_SEXUAL_CUES,
  SELF_HARM_MARKS,
  SELF_HARM_PRAISE,
  SELF_HARM_SKIN,
  SELF_HARM_STARVED,
  SEXUAL_BODY,
  SEXUAL_EXPOSE,
} from './screening-lists-cues';
import {
  AGE_CUES,
  GORE,
  GORE_ACT,
  GORE_FOOD,
  GORE_GRAPHIC,
  GORE_INJURY,
  GORE_PART,
  HATE,
  HATE_ACTS,
  HATE_GLORIFY,
  HATE_SYMBOLS,
  HATE_TARGETS,
  MINORS,
  REAL_PEOPLE,
  SELF_HARM,
  SELF_HARM_INTENT,
  SELF_HARM_METHOD,
  SEXUAL_CUES,
  SEXUAL_WORLD,
  VIOLENT_CUES,
} from './screening-lists-harm';
import { promptParts } from './screening-negative';
import { FUNCTION_WORD, type JoinedPieces, readTerm, type ScreeningText, screeningText } from './screening-text';

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

/** Scripts written without spaces between words: their terms match anywhere in the joined reading. */
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const HANGUL = /\p{Script=Hangul}/u;
/** A character of a word: readings hold only word characters (letters, digits, `*`) and single spaces. */
const WORD = '[^ ]';
const escapeChar = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, (m) => `\\${m}`);

/**
 * One list entry as a regular expression source on a reading: each letter may repeat three times or more ('nuuude') or
 * be a `*` the prompt wrote in its place ('n*de'), `l` also reads as `i` (a `1` or `!` folded to `i`
 * may have stood for an l), `u` as `v` ('fvck'), a space in a phrase may be absent, a `*` of the
 * entry stands for any letters; without `*` at an end the entry must start or end at a word boundary.
 */
function entrySource(term: string, bounded: boolean, widen = false): string | undefined {
  const core = term.replace(/^\*|\*$/g, '');
  if (!/[\p{L}\p{N}]/u.test(core)) return undefined;
  const letters = [...core]
    .map((c) => {
      if (c === ' ') return bounded ? ' ?' : '';
      if (c === '*') return `${WORD}*`;
      // A letter once or three times and more ('nuuude' is a disguise, 'nuée' (nuee) a word), or one `*`
      // standing for it. One star is one letter: a star free to fill several slots backtracks exponentially.
      const cls = `[${c === 'l' ? 'li' : c === 'u' ? 'uv' : escapeChar(c)}]`;
      return `(?:${cls}(?:${cls}{2,})?|\\*)`;
    })
    .join('');
  // An allowed word's open end takes the rest of the word, so it covers every hit inside that word.
  const open = widen ? `${WORD}*` : '';
  if (!bounded) return letters;
  // Entries are tried only where a word starts (spansIn), so no look-behind is needed.
  const start = term.startsWith('*') || widen ? open : '';
  const end = term.endsWith('*') ? open : `(?!${WORD})`;
  return `${start}${letters}${end}`;
}

/**
 * A list compiled once. Entries are grouped by their first two letters, each group one sticky
 * expression tried only where a word starts with them: one big alternation scanned at every
 * position of every reading cost tens of times more.
 */
interface CompiledList {
  /** First two letters → entries starting so, bounded at word boundaries (sticky); one-letter keys for stems like `x*`. */
  starts: Map<string, RegExp>;
  /** The same keys → the same entries matching a whole string (words split into pieces, joined back). */
  wholes: Map<string, RegExp>;
  /**
   * The letters a `*` may stand for at a word's start ('' → the first letters of the keys) or second
   * place (a first letter → the second letters of its keys): such a word is tried once per letter in
   * the buckets above ('*jaculating', 's*xual'). One alternation of every entry starting with a
   * letter, compiled for it, took V8 tens of seconds once the lists passed a few thousand entries.
   */
  starLetters: Map<string, string[]>;
  /** Every allowed word (compileAllowed only). */
  any?: RegExp;
  /** Entries that may start inside a word (`*porn*`), scanned everywhere. */
  infix?: RegExp;
  /** The same, matching inside a whole string (words split into pieces: 'undre ssing'). */
  wholeInfix?: RegExp;
  /** Terms in scripts written without spaces, matched anywhere in the joined reading. */
  dense?: RegExp;
}

const ALIAS: Record<string, string> = { l: 'li', u: 'uv' };

/**
 * The bucket keys of an entry: its first letter and the next different one, spaces skipped (a letter
 * may repeat, a phrase's space may be absent); 'l' is also 'i' and 'u' also 'v'.
 */
function entryKeys(core: string): string[] {
  const letters = core.replace(/ /g, '');
  const first = letters[0] ?? '';
  const second = [...letters].find((c, i) => i > 0 && c !== first) ?? '';
  if (second === '*' || !second) return [...(ALIAS[first] ?? first)].map((c) => `${c}`);
  return [...(ALIAS[first] ?? first)].flatMap((a) => [...(ALIAS[second] ?? second)].map((b) => `${a}${b}`));
}

/** The bucket key of a reading at a word start: its letter and the next different one, spaces skipped. */
function readingKey(text: string, at: number): string {
  const first = text[at] ?? '';
  let i = at + 1;
  while (i < text.length && (text[i] === first || text[i] === ' ')) i++;
  return `${first}${text[i] ?? ''}`;
}

function group(sources: [string[], string][], wrap: (alternation: string) => RegExp): Map<string, RegExp> {
  const by = new Map<string, string[]>();
  for (const [keys, source] of sources) for (const key of keys) by.set(key, [...(by.get(key) ?? []), source]);
  return new Map([...by].map(([key, list]) => [key, wrap(list.join('|'))]));
}

function compileList(entries: readonly string[]): CompiledList {
  const starting: [string[], string][] = [];
  const infix: string[] = [];
  const dense: string[] = [];
  for (const entry of entries) {
    const term = readTerm(entry);
    if (DENSE.test(term)) {
      const source = entrySource(term.replace(/ /g, ''), false);
      if (source) dense.push(source);
      continue;
    }
    const source = entrySource(term, true);
    if (!source) continue;
    if (term.startsWith('*')) infix.push(source);
    else starting.push([entryKeys(term.replace(/\*$/, '')), source]);
  }
  const re = (sources: string[], flags: string) => (sources.length ? new RegExp(sources.join('|'), flags) : undefined);
  const starts = group(starting, (alt) => new RegExp(alt, 'uy'));
  const starLetters = new Map<string, string[]>();
  for (const key of starts.keys()) {
    const [first = '', second] = [...key];
    for (const [at, letter] of [['', first] as const, ...(second ? [[first, second] as const] : [])])
      if (!starLetters.get(at)?.includes(letter)) starLetters.set(at, [...(starLetters.get(at) ?? []), letter]);
  }
  return {
    starts,
    wholes: group(starting, (alt) => new RegExp(`^(?:${alt})${WORD}*$`, 'u')),
    starLetters,
    infix: re(infix, 'gu'),
    wholeInfix: re(infix, 'u'),
    dense: re(dense, 'gu'),
  };
}

type Span = [number, number];

/** Every hit of a list in one reading: at each word start, the entries starting with its letter; infix entries anywhere. */
function spansIn(list: CompiledList, text: string): Span[] {
  const out: Span[] = [];
  for (let at = 0; at < text.length; at = text.indexOf(' ', at) + 1 || text.length) {
    const first = text[at] ?? '';
    // A `*` first or second stands for one letter: the word is read once with each letter a bucket has there.
    const star = first === '*' ? at : text[at + 1] === '*' ? at + 1 : -1;
    const letters = star < 0 ? [''] : (list.starLetters.get(star === at ? '' : first) ?? []);
    for (const letter of letters) {
      const variant = star < 0 ? text : `${text.slice(0, star)}${letter}${text.slice(star + 1)}`;
      const keys = new Set([readingKey(variant, at), variant[at] ?? '']);
      for (const key of keys) {
        const pattern = list.starts.get(key);
        if (!pattern) continue;
        pattern.lastIndex = at;
        const m = pattern.exec(variant);
        if (m?.[0].length) out.push([at, at + m[0].length]);
      }
    }
    if (star === at + 1) {
      const pattern = list.starts.get(first);
      if (pattern) {
        pattern.lastIndex = at;
        const m = pattern.exec(text);
        if (m?.[0].length) out.push([at, at + m[0].length]);
      }
    }
  }
  if (list.infix) for (const m of text.matchAll(list.infix)) if (m[0].length) out.push([m.index, m.index + m[0].length]);
  return out;
}

function spans(pattern: RegExp | undefined, text: string): Span[] {
  if (!pattern) return [];
  const out: Span[] = [];
  for (const m of text.matchAll(pattern)) if (m[0].length) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** A hit made mostly of `*` is not a word ('****'): at least two letters, and no fewer letters than stars. */
function realWord(text: string, [from, to]: Span): boolean {
  const hit = text.slice(from, to);
  const stars = hit.split('*').length - 1;
  const letters = hit.replace(/[* ]/g, '').length;
  return letters >= 2 && letters >= stars;
}

/** The hit widened to whole words, as the visitor reads it back ('hardcoreporn', 'red dragon'). */
function wordsAround(text: string, [from, to]: Span): string {
  const start = text.lastIndexOf(' ', from - 1) + 1;
  const end = text.indexOf(' ', to);
  return text.slice(start, end === -1 ? undefined : end);
}

const inside = (hit: Span, excused: readonly Span[]) => excused.some(([from, to]) => from <= hit[0] && hit[1] <= to);

/**
 * Words split into pieces ('na ked', 'porno graphy', 'de capitation'): two or three neighbouring
 * words joined back, none of them a function word ('the rapist', 'a pen is' stay apart), each join
 * a whole entry of the list.
 */
function pieceHit(list: CompiledList, joined: JoinedPieces, allowed: CompiledList): string | undefined {
  const { words } = joined;
  const starting = (candidate: string) =>
    [list.wholes.get(readingKey(candidate, 0)), list.wholes.get(candidate[0] ?? '')].some((w) => w?.test(candidate));
  // An infix entry must touch every piece: 'um nu de' joins to 'umnude', whose 'nude' leaves 'um' out.
  const infix = (candidate: string, first: number, last: number) => {
    const m = list.wholeInfix?.exec(candidate);
    return m !== null && m !== undefined && m.index < first && m.index + m[0].length > candidate.length - last;
  };
  for (let i = 0; i < words.length - 1; i++) {
    const head = words[i] ?? '';
    // '' marks a clause's end (screeningText): pieces are joined within a clause only.
    if (!head) continue;
    // A word that is a hit (or a stem's hit) alone was judged in the readings, allowed word included ('stripper tool').
    if (FUNCTION_WORD.has(head) || starting(head) || infix(head, head.length, head.length)) continue;
    let candidate = head;
    let spacedOut = head;
    for (let j = i + 1; j < Math.min(words.length, i + 3); j++) {
      const next = words[j] ?? '';
      if (!next || FUNCTION_WORD.has(next)) break;
      candidate += next;
      spacedOut += ` ${next}`;
      if (!(starting(candidate) || infix(candidate, head.length, next.length))) continue;
      // A phrase written with its spaces ('white power outlet') was judged in the readings.
      if (starting(spacedOut) || !realWord(candidate, [0, candidate.length])) break;
      if (!inside([0, candidate.length], allowedSpans(allowed, candidate))) return candidate;
      break;
    }
  }
  return undefined;
}

/** Allowed words' spans in one reading: tried at each word start (an allowed word may begin inside one: 'blue-footed booby'). */
function allowedSpans(allowed: CompiledList, text: string): Span[] {
  const out: Span[] = [];
  const pattern = allowed.any;
  if (!pattern) return out;
  for (let at = 0; at < text.length; at = text.indexOf(' ', at) + 1 || text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (m?.[0].length) out.push([at, at + m[0].length]);
  }
  return out;
}

/** The first hit of a list in a prompt's text, a hit inside an allowed word not counting. */
function firstHit(list: CompiledList, text: ScreeningText, allowed: CompiledList): string | undefined {
  for (const reading of text.readings) {
    const hits = spansIn(list, reading).filter((h) => realWord(reading, h));
    if (!hits.length) continue;
    const excused = allowedSpans(allowed, reading);
    const hit = hits.find((h) => !inside(h, excused));
    if (hit) return wordsAround(reading, hit);
  }
  const { joined } = text;
  if (list.dense && DENSE.test(joined.text)) {
    const words = text.readings[0]?.split(' ') ?? [];
    // Korean is written with spaces between words: a Hangul term of two syllables counts inside one word, not across
    // two ('여자 해질녘', a woman at dusk, is not '자해', self-harm); a longer one may be a phrase written with or without
    // its space. Chinese, Japanese and Thai have no spaces to respect.
    const dense = spans(list.dense, joined.text)
      .map((span) => joined.text.slice(...span))
      .find((hit) => !HANGUL.test(hit) || [...hit].length > 2 || words.some((word) => word.includes(hit)));
    if (dense) return dense;
  }
  return pieceHit(list, joined, allowed);
}

/** English, Spanish, French and German number words from one to seventeen, for 'twelve year old' and the like. */
// biome-ignore format: word lists read best packed
const NUMBER_WORDS = [
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen',
  'fifteen', 'sixteen', 'seventeen',
];
const AGE_WORDS = NUMBER_WORDS.flatMap((n) => [`${n} year old*`, `${n} years old`, `${n} yo`]);

const BUILT_IN = {
  minors: compileList(MINORS),
  slur: compileList(SLURS),
  hate: compileList(HATE),
  selfHarm: compileList(SELF_HARM),
  gore: compileList(GORE),
  sexual: compileList([...SEXUAL, ...SEXUAL_WORLD, ...NUDITY]),
  profanity: compileList(PROFANITY),
  age: compileList([...AGE_CUES, ...AGE_WORDS]),
  sexualCue: compileList(SEXUAL_CUES),
  person: compileList(REAL_PEOPLE),
  violentCue: compileList(VIOLENT_CUES),
  hateAct: compileList(HATE_ACTS),
  hateTarget: compileList(HATE_TARGETS),
  goreGraphic: compileList(GORE_GRAPHIC),
  goreInjury: compileList(GORE_INJURY),
  gorePart: compileList(GORE_PART),
  goreAct: compileList(GORE_ACT),
  goreFood: compileList(GORE_FOOD),
  selfHarmMethod: compileList(SELF_HARM_METHOD),
  selfHarmIntent: compileList(SELF_HARM_INTENT),
  hateSymbol: compileList(HATE_SYMBOLS),
  hateGlorify: compileList(HATE_GLORIFY),
  sexualBody: compileList(SEXUAL_BODY),
  sexualExpose: compileList(SEXUAL_EXPOSE),
  goreKill: compileList(GORE_KILL),
  goreBlood: compileList(GORE_BLOOD),
  selfHarmMarks: compileList(SELF_HARM_MARKS),
  selfHarmSkin: compileList(SELF_HARM_SKIN),
  selfHarmStarved: compileList(SELF_HARM_STARVED),
  selfHarmPraise: compileList(SELF_HARM_PRAISE),
  hateViolence: compileList(HATE_VIOLENCE),
  hateApproval: compileList(HATE_APPROVAL),
  personSexual: compileList(PERSON_SEXUAL_CUES),
};

const ALLOWED_ALL = compileAllowed(ALLOWED);

/**
 * The word-list screen: built-in lists by category, the co-occurrence rules and the operator's
 * blocked terms, matched on every reading of the prompt (screening-text.ts); a hit wholly inside an
 * allowed word ('Scunthorpe', 'shiitake', 'pussy willow') does not count. The refusal names the
 * most serious category found (minors first), and the word or words that made it.
 */
export function wordListMatcher(blockedTerms: readonly string[]): (text: string) => WordHit | undefined {
  const operatorTerms = normaliseTerms(blockedTerms);
  const own = new Set(operatorTerms.map(readTerm));
  const allowedForOwn = compileAllowed(ALLOWED.filter((a) => !own.has(readTerm(a))));
  const blocked = compileList(operatorTerms);
  return (prompt) => {
    // What a negative prompt excludes is not asked for, except a body uncovered (screening-negative.ts).
    const parts = promptParts(prompt);
    const text = screeningText(parts.wanted);
    const find = (list: CompiledList) => {
      const hit = firstHit(list, text, list === blocked ? allowedForOwn : ALLOWED_ALL);
      return hit && readBack(text.plain, hit);
    };
    const with_ = (a: string, b: string) => `${a}” with “${b}`;

    const minor = find(BUILT_IN.minors);
    if (minor) return { kind: 'minors', term: minor };
    if (parts.uncovering) {
      const uncovered = `negative prompt: ${parts.uncovering}`;
      const young = isMinorAge(text.plain) ?? find(BUILT_IN.age);
      return young ? { kind: 'minors', term: with_(young, uncovered) } : { kind: 'sexual', term: uncovered };
    }
    const sexual = find(BUILT_IN.sexual) ?? sexualByCooccurrence(find);
    const sexualCue = sexual ?? find(BUILT_IN.sexualCue);
    const age = sexualCue ? (isMinorAge(text.plain) ?? find(BUILT_IN.age)) : undefined;
    if (age && sexualCue) return { kind: 'minors', term: with_(age, sexualCue) };
    const slur = find(BUILT_IN.slur);
    if (slur) return { kind: 'slur', term: slur };
    const hate = find(BUILT_IN.hate) ?? fuzzyHit(FUZZY.hate, text);
    if (hate) return { kind: 'hate', term: hate };
    const act = find(BUILT_IN.hateAct) ?? fuzzyHit(FUZZY.hateAct, text, false);
    const target = act && (find(BUILT_IN.hateTarget) ?? fuzzyHit(FUZZY.hateTarget, text, false));
    if (act && target) return { kind: 'hate', term: with_(act, target) };
    const violence = find(BUILT_IN.hateViolence);
    const victims = violence && (target ?? find(BUILT_IN.hateTarget));
    const approval = victims && find(BUILT_IN.hateApproval);
    if (violence && victims && approval) return { kind: 'hate', term: with_(`${violence} ${approval}`, victims) };
    const symbol = find(BUILT_IN.hateSymbol);
    const glorify = symbol && find(BUILT_IN.hateGlorify);
    if (symbol && glorify) return { kind: 'hate', term: with_(symbol, glorify) };
    const selfHarm = find(BUILT_IN.selfHarm) ?? fuzzyHit(FUZZY.selfHarm, text);
    if (selfHarm) return { kind: 'self_harm', term: selfHarm };
    const method = find(BUILT_IN.selfHarmMethod);
    const intent = method && find(BUILT_IN.selfHarmIntent);
    if (method && intent) return { kind: 'self_harm', term: with_(method, intent) };
    const marks = find(BUILT_IN.selfHarmMarks);
    const skin = marks && find(BUILT_IN.selfHarmSkin);
    if (marks && skin) return { kind: 'self_harm', term: with_(marks, skin) };
    const starved = find(BUILT_IN.selfHarmStarved);
    const praised = starved && find(BUILT_IN.selfHarmPraise);
    if (starved && praised) return { kind: 'self_harm', term: with_(starved, praised) };
    const gore = find(BUILT_IN.gore) ?? goreByCooccurrence(find) ?? fuzzyHit(FUZZY.gore, text);
    const person = find(BUILT_IN.person);
    const harm = person && (sexualCue ?? gore ?? find(BUILT_IN.violentCue) ?? find(BUILT_IN.personSexual));
    if (person && harm) return { kind: 'real_person', term: with_(person, harm) };
    if (gore) return { kind: 'violence', term: gore };
    if (sexual) return { kind: 'sexual', term: sexual };
    const own = find(blocked);
    if (own) return { kind: 'blocked', term: own };
    const profanity = find(BUILT_IN.profanity);
    if (profanity) return { kind: 'profanity', term: profanity };
    return undefined;
  };
}

/**
 * A hit as the prompt wrote it: the readings hold skeletons ('голая' reads 'ronar'), so each word of
 * the hit is looked up among the prompt's own words; a word not found (letters written apart) stays.
 */
function readBack(plain: string, hit: string): string {
  if (plain.includes(hit)) return hit;
  const words = plain.split(/[^\p{L}\p{N}*]+/u).filter(Boolean);
  const folded = words.map(readTerm);
  // A word mostly in another script is named as written; a Latin word in disguise ('p0rn', 'рorn') as it reads.
  const mostlyOtherScript = (w: string) => (w.match(/[^\0-\x7f]/g)?.length ?? 0) > (w.match(/[a-z]/g)?.length ?? 0);
  return hit
    .split(' ')
    .map((w) => {
      const original = words[folded.indexOf(w)];
      return original && mostlyOtherScript(original) ? original : w;
    })
    .join(' ');
}

/** Allowed words compiled with open ends, so that one covers every hit inside the word it sits in. */
function compileAllowed(entries: readonly string[]): CompiledList {
  const sources = entries.flatMap((e) => entrySource(readTerm(e), true, true) ?? []);
  return { starts: new Map(), wholes: new Map(), starLetters: new Map(), any: new RegExp(sources.join('|'), 'uy') };
}

/**
 * Gore said in ordinary words: a graphic cue with an injury ('graphic photo of a stab wound'), a
 * part of a body with a violent act on it ('his arm ripped off') where no food is named (butchery),
 * or a killing with blood ('stabbed, blood pooling').
 */
function goreByCooccurrence(find: (list: CompiledList) => string | undefined): string | undefined {
  const graphic = find(BUILT_IN.goreGraphic);
  const injury = graphic && find(BUILT_IN.goreInjury);
  if (graphic && injury) return `${graphic} ${injury}`;
  const act = find(BUILT_IN.goreAct);
  const part = act && find(BUILT_IN.gorePart);
  if (act && part && !find(BUILT_IN.goreFood)) return `${part} ${act}`;
  const kill = find(BUILT_IN.goreKill);
  const blood = kill && find(BUILT_IN.goreBlood);
  if (kill && blood && !find(BUILT_IN.goreFood)) return `${kill} ${blood}`;
  return undefined;
}

/** Nudity said in ordinary words: an intimate part with an exposing act ('her breasts exposed'), no food named ('chicken breasts'). */
function sexualByCooccurrence(find: (list: CompiledList) => string | undefined): string | undefined {
  const body = find(BUILT_IN.sexualBody);
  const expose = body && find(BUILT_IN.sexualExpose);
  if (body && expose && !find(BUILT_IN.goreFood)) return `${body} ${expose}`;
  return undefined;
}

/** Shortest listed word a misspelling is read against, and shortest prompt word tried. */
const FUZZY_MIN_ENTRY = 7;
const FUZZY_MIN_WORD = 6;
const FUZZY_MIN_SUBSTITUTE = 8;

/** Misspellings (one letter wrong, missing, extra or swapped) of the long words of the lists that refuse on their own. */
const FUZZY = {
  hate: fuzzyIndex(HATE),
  selfHarm: fuzzyIndex(SELF_HARM),
  gore: fuzzyIndex(GORE),
  hateAct: fuzzyIndex(HATE_ACTS),
  hateTarget: fuzzyIndex(HATE_TARGETS),
};

/** Long single words of a list (no space), by first letter: full words, and stems (`mutilat*`) matched on a word's start. */
interface FuzzyIndex {
  words: Map<string, string[]>;
  stems: Map<string, string[]>;
}

function fuzzyIndex(entries: readonly string[]): FuzzyIndex {
  const words = new Map<string, string[]>();
  const stems = new Map<string, string[]>();
  for (const entry of entries) {
    // Latin-script entries only: skeletons of other scripts are too short and alike to bear a wrong letter.
    if (!/^[a-z]+\*?$/.test(entry)) continue;
    const stem = entry.endsWith('*');
    const core = entry.replace(/\*$/, '');
    if (core.length < FUZZY_MIN_ENTRY) continue;
    const into = stem ? stems : words;
    const key = core[0] ?? '';
    into.set(key, [...(into.get(key) ?? []), core]);
  }
  return { words, stems };
}

/** Whether a and b differ by at most one edit: a letter changed, added, dropped, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string, substitute = true): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (substitute && a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * A misspelt listed word ('decapatated', 'sucide', 'dismembred'): a prompt word of six letters or more
 * one edit from a listed word of seven or more (or whose start is one edit from a stem), first letter
 * right. Allowed words are never read as misspellings. Only for gore, self-harm and hate: sexual words
 * sit one letter from ordinary ones ('stripped'/'stripper', 'fishing', 'sensual').
 */
function fuzzyHit(index: FuzzyIndex, text: ScreeningText, substitute = true): string | undefined {
  for (const reading of text.readings) {
    const excused = allowedSpans(ALLOWED_ALL, reading);
    let at = 0;
    for (const word of reading.split(' ')) {
      const span: Span = [at, at + word.length];
      at += word.length + 1;
      if (word.length < FUZZY_MIN_WORD || !/^[a-z]+$/.test(word) || inside(span, excused)) continue;
      const key = word[0] ?? '';
      // A changed letter only in words of eight letters or more: shorter ones change into real words ('flaying', 'fraying').
      const near = (candidate: string, listed: string) =>
        withinOneEdit(candidate, listed, substitute && listed.length >= FUZZY_MIN_SUBSTITUTE);
      const whole = index.words.get(key)?.some((w) => near(word, w));
      const stem = index.stems
        .get(key)
        ?.some((s) => [s.length - 1, s.length, s.length + 1].some((n) => n <= word.length && near(word.slice(0, n), s)));
      if (whole || stem) return readBack(text.plain, word);
    }
  }
  return undefined;
}

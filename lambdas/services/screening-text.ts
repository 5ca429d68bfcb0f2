import { confusablesMap } from 'confusables';

/**
 * What prompt screening matches against: a prompt brought to lower-case letters (of any script),
 * digits, `*` and single spaces, so that a word hidden with invisible characters, blank-like
 * characters, accents, look-alike letters, leetspeak, letters written apart or a word split into
 * pieces reads as the word (docs/safety.md, "The word lists"). List entries go through the same
 * fold, so a Russian entry matches the prompt's Russian however it is disguised; the word lists
 * (word-lists.ts) only ever see these readings. One definition of each rule lives here.
 */

/**
 * Look-alike letters read first, before the confusables skeleton below: the usual Cyrillic and
 * Greek disguises ('nаked' with a Cyrillic а) and Latin letters NFD does not decompose, each to the
 * lower-case letter a reader sees. NFKC already folds full-width, mathematical and ligature forms.
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  π: 'n',
  ρ: 'p',
  σ: 'o',
  ς: 's',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin letters without a decomposition, and IPA look-alikes
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʀ: 'r',
  ɴ: 'n',
  ᴜ: 'u',
  ᴅ: 'd',
  ᴇ: 'e',
};

/** Leetspeak: digits and symbols standing for letters, read so only inside a word that has a letter. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '€': 'e',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

/**
 * Blank-like code points read as a blank: spaces of every width, line and paragraph separators,
 * zero-width space, the braille blank (U+2800) and the Hangul fillers (U+115F, U+1160, U+3164,
 * U+FFA0), which render as nothing or as a space and so separate words to a reader. Read before the
 * ignorables below are dropped: several of them are also default-ignorable.
 */
const BLANKS = /[\s\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\u2800\u115f\u1160\u3164\uffa0]/gu;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu; // zero-width joiners, soft hyphen, variation selectors, tags, bidi marks
/**
 * Accents and other combining marks, except Thai's: a Thai tone or vowel mark makes another word ('โป๊', porn, is
 * 'โป' with a tone mark, and 'โป' begins 'โปสเตอร์', a poster), and Thai is written without spaces.
 */
const MARKS = /(?![\u0E00-\u0E7F])\p{M}/gu;
/** A run of word characters and leet symbols with at least one letter in it. */
const LEET_WORD = /[\p{L}\p{N}@$€!|+]*\p{L}[\p{L}\p{N}@$€!|+]*/gu;
/** `!`, `|` and `+` stand for letters only between two word characters ('sh!t'), not as punctuation ('wow!'). */
const LEET_SYMBOL_INSIDE = /(?<=[\p{L}\p{N}])[!|+](?=[\p{L}\p{N}])/gu;

/**
 * UTS #39 skeleton of one character: the `confusables` package's table (Unicode's confusables
 * data, each look-alike to the character it imitates), lower-cased. ASCII is left alone (the
 * package maps no ASCII letter, and leetspeak is read separately).
 */
function skeletonChar(c: string): string {
  if (c < '\u0080') return c;
  const own = CONFUSABLES[c];
  if (own) return own;
  const mapped = confusablesMap.get(c);
  return mapped ? mapped.toLowerCase() : c;
}

/** Blanks read as spaces, ignorables out, NFKC, lower case, marks stripped. No skeleton, no leetspeak. */
export function plainText(text: string): string {
  return text
    .replace(BLANKS, ' ')
    .replace(IGNORABLE, '')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC');
}

/** plainText, then the confusable skeleton and leetspeak; other characters kept. */
function fold(text: string): string {
  const plain = [...plainText(text)].map(skeletonChar).join('').replace(/\(\)/g, 'o');
  // Ages are read on plainText (screening-ages.ts), so '12yo' may read 'i2yo' here.
  return plain.replace(LEET_WORD, (word) =>
    word.replace(LEET_SYMBOL_INSIDE, (c) => LEET[c] ?? c).replace(/[0-9@$€]/g, (c) => LEET[c] ?? c),
  );
}

/** More stars than this in one word are not letters standing in for letters ('*a*a*a*a'): they become blanks. */
const MAX_WILDCARDS = 3;

/** Words of letters, digits and in-word `*` (a wildcard: 'n*de', 's*x') separated by single spaces. */
const spaced = (text: string) =>
  text
    .replace(/[^\s]*\*[^\s]*/gu, (word) => ((word.match(/\*/g)?.length ?? 0) > MAX_WILDCARDS ? word.replace(/\*/g, ' ') : word))
    // Thai's marks are kept (MARKS): part of its words.
    .replace(/[^\p{L}\p{N}\p{M}*]+/gu, ' ')
    // A `*` ending a word or a run of them starting one is decoration ('**bold**'); one starting a word is a letter ('*jaculating').
    .replace(/\*+(?![\p{L}\p{N}*])|(?<![\p{L}\p{N}*])\*{2,}/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/**
 * Letters written apart ('n u d e', 'p.o.r.n', 's-e-x'): runs of three or more single characters are
 * joined. With `keepArticle`, a leading 'a' or 'i' stays a word of its own ('a n u d e' → 'a nude').
 */
export function joinSpacedLetters(text: string, keepArticle = false): string {
  return text.replace(/(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\s._\-*+~'"]+[\p{L}\p{N}](?![\p{L}\p{N}])){2,}/gu, (run) => {
    const joined = run.replace(/[^\p{L}\p{N}]+/gu, '');
    return keepArticle && /^[ai]/i.test(joined) && joined.length > 3 ? `${joined[0]} ${joined.slice(1)}` : joined;
  });
}

/**
 * Short words that are words, not pieces of a split one: a word joined back from pieces never starts
 * with one of them, nor contains one ('the rapist', 'a pen is', 'a nal…' stay apart).
 */
export const FUNCTION_WORD: ReadonlySet<string> = new Set(
  'a an i the of in on at to is it as be by or and for his her my me we he she you was are this that with no not who'.split(' '),
);

/** A prompt's words with spaces removed (CJK terms match anywhere in it), and the words themselves (words split into pieces). */
export interface JoinedPieces {
  text: string;
  words: readonly string[];
}

/** Everything the word lists read in one prompt. */
export interface ScreeningText {
  /** Readings of the prompt, each of letters, digits, `*` and single spaces (see screeningText). */
  readings: string[];
  /** The first reading's words joined without spaces (words split into pieces; CJK terms match anywhere in it). */
  joined: JoinedPieces;
  /** The prompt with blanks as spaces, lower case and marks stripped, but no skeleton or leetspeak: where ages are read. */
  plain: string;
}

/** What ends a clause: punctuation between words (a period only before a blank or the end: 'nu.de' is one word). */
const CLAUSE_BREAK = /[,;:!?()[\]{}…、。，；：！？]+|\.(?=\s|$)/u;

/**
 * The readings of a prompt: the folded words; with letters written apart joined (twice: keeping a
 * leading article apart, then not); with separators inside a word dropped ('nu.de', 'na_ked'); and
 * the words joined back without spaces for words split into pieces ('na ked', 'porno graphy').
 */
export function screeningText(prompt: string): ScreeningText {
  const folded = fold(prompt);
  const words = spaced(folded);
  const readings = [
    ...new Set([
      words,
      // Joined letters are folded again: a digit written apart ('p 0 r n') is a single character, not
      // yet part of a word with a letter, until the run is joined.
      spaced(fold(joinSpacedLetters(words, true))),
      spaced(fold(joinSpacedLetters(words))),
      spaced(folded.replace(/(?<=[\p{L}\p{N}])[._\-'"~^]+(?=[\p{L}\p{N}])/gu, '')),
    ]),
  ];
  // Pieces are joined back within a clause only ('la mer, dessin animé' is not 'merde'): '' marks each clause's end.
  const pieces = folded
    .split(CLAUSE_BREAK)
    .map(spaced)
    .filter(Boolean)
    .flatMap((clause, i) => [...(i ? [''] : []), ...clause.split(' ')]);
  return { readings, joined: { text: words.replace(/ /g, ''), words: pieces }, plain: plainText(prompt).replace(/\s+/g, ' ') };
}

/** A term or allowed word as the readings spell it ('Sea-Dyke' → 'sea dyke'); `*` kept for stems. */
export function readTerm(term: string): string {
  return (
    fold(term)
      // Thai's marks are kept (MARKS): part of its words.
      .replace(/[^\p{L}\p{N}\p{M}*]+/gu, ' ')
      // A star keeps the space after it inside a phrase ('slit* her wrist*' is two words), not one before it or after a leading one.
      .replace(/ +\*/g, '*')
      .replace(/^\* +/, '*')
      .trim()
  );
}

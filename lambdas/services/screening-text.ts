/**
 * What prompt screening matches against: a prompt brought to plain lower-case Latin letters, digits
 * and single spaces, so that a word hidden with invisible characters, accents, look-alike letters,
 * leetspeak or letters written apart reads as the word (docs/safety.md, "Prompt screening").
 * The word lists (word-lists.ts) only ever see these readings; one definition of each rule lives here.
 */

/**
 * Look-alike letters from other scripts and Latin letters NFD does not decompose. Cyrillic and Greek
 * are the usual disguise ('nаked' with a Cyrillic а); NFKC already folds full-width, mathematical
 * and ligature forms, so only what it leaves is listed.
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

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu; // zero-width, soft hyphen, variation selectors, tags, bidi marks
const MARKS = /\p{M}/gu;
/** A run of word characters and leet symbols with at least one letter in it. */
const LEET_WORD = /[\p{L}\p{N}@$€!|+]*\p{L}[\p{L}\p{N}@$€!|+]*/gu;
/** `!`, `|` and `+` stand for letters only between two word characters ('sh!t'), not as punctuation ('wow!'). */
const LEET_SYMBOL_INSIDE = /(?<=[\p{L}\p{N}])[!|+](?=[\p{L}\p{N}])/gu;

/** Ignorables out, NFKC, marks stripped, lower case, look-alikes and leetspeak folded; other characters kept. */
function fold(text: string): string {
  const plain = text
    .replace(IGNORABLE, '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[^ -~]/g, (c) => CONFUSABLES[c] ?? c)
    .replace(/\(\)/g, 'o');
  return plain.replace(LEET_WORD, (word) =>
    word.replace(LEET_SYMBOL_INSIDE, (c) => LEET[c] ?? c).replace(/[0-9@$€]/g, (c) => LEET[c] ?? c),
  );
}

const spaced = (text: string) => text.replace(/[^a-z0-9]+/g, ' ').trim();

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
 * The readings of a prompt the lists are matched against, each only letters a–z, digits and single
 * spaces: the folded words; with letters written apart joined (twice: keeping a leading article
 * apart, then not); and with separators inside a word dropped ('nu.de', 'na_ked').
 */
export function screeningReadings(prompt: string): string[] {
  const folded = fold(prompt);
  const words = spaced(folded);
  return [
    ...new Set([
      words,
      // Joined letters are folded again: a digit written apart ('p 0 r n') is a single character, not
      // yet part of a word with a letter, until the run is joined.
      spaced(fold(joinSpacedLetters(words, true))),
      spaced(fold(joinSpacedLetters(words))),
      spaced(folded.replace(/(?<=[a-z0-9])[._\-*'"~^]+(?=[a-z0-9])/g, '')),
    ]),
  ];
}

/** A term or allowed word as the readings spell it ('Sea-Dyke' → 'sea dyke'); `*` kept for stems. */
export function readTerm(term: string): string {
  return fold(term)
    .replace(/[^a-z0-9*]+/g, ' ')
    .replace(/ ?\* ?/g, '*')
    .trim();
}

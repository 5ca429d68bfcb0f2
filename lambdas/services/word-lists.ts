import {
  DataSet,
  type EnglishProfaneWord,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
} from 'obscenity';
import type { RefusalKind } from '../../shared/safety';

/** What a word list found: the kind (for the plain reason) and the word as the list spells it. */
export interface WordHit {
  kind: RefusalKind;
  term: string;
}

/**
 * Words of obscenity's English list with an ordinary meaning in a picture's description: a rooster,
 * a small bird, Moby Dick, a donkey, a bastard sword, a female dog, scat singing, a prick of light.
 * Refusing them would be the silent, unexplained block visitors complain about; an operator who
 * wants one of them refused adds it to the blocked-terms list.
 */
const DROPPED: ReadonlySet<EnglishProfaneWord> = new Set(['cock', 'tit', 'dick', 'ass', 'bastard', 'bitch', 'scat', 'prick']);

const SLURS: ReadonlySet<EnglishProfaneWord> = new Set([
  'abo',
  'abeed',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'dyke',
  'fag',
  'kike',
  'negro',
  'nigger',
  'retard',
  'spastic',
  'tranny',
]);
const PROFANITY: ReadonlySet<EnglishProfaneWord> = new Set(['arse', 'bollocks', 'cuck', 'fuck', 'piss', 'shit', 'turd']);

function kindOf(word: EnglishProfaneWord): RefusalKind {
  if (SLURS.has(word)) return 'slur';
  if (PROFANITY.has(word)) return 'profanity';
  return 'sexual';
}

/** `blocked` marks the operator's own terms. */
type Meta = { originalWord: string; blocked?: true };

/**
 * Letters written apart ('f u c k', 'p.o.r.n', 's-e-x'): runs of three or more single characters
 * separated by spaces or punctuation are joined, and the joined text is matched as well. obscenity's
 * recommended transformers handle leetspeak, confusable letters and repeated letters, not spacing.
 */
export function joinSpacedLetters(text: string, keepArticle = false): string {
  return text.replace(/(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\s._\-*+~'"]+[\p{L}\p{N}](?![\p{L}\p{N}])){2,}/gu, (run) => {
    const joined = run.replace(/[^\p{L}\p{N}]+/gu, '');
    // 'a n u d e': the article stays a word of its own in the second reading.
    return keepArticle && /^[ai]/i.test(joined) && joined.length > 3 ? `${joined[0]} ${joined.slice(1)}` : joined;
  });
}

/**
 * Normalises an operator's list: lower-cased letters, digits, apostrophes and single spaces (other
 * characters, including obscenity's pattern syntax, become spaces); no blanks, comments (`#`) or duplicates.
 */
export function normaliseTerms(terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of terms) {
    if (raw.trim().startsWith('#')) continue;
    const term = raw
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}']+/gu, ' ')
      .trim();
    if (term) out.add(term);
  }
  return [...out];
}

/**
 * The word-list screen: obscenity's English dataset (minus DROPPED) plus the operator's blocked
 * terms, each matched on word boundaries (so 'Scunthorpe', 'classic' and 'assassin' pass) after
 * obscenity's leetspeak and confusable-letter transformers, on the prompt and on its spaced-letter join.
 */
export function wordListMatcher(blockedTerms: readonly string[]): (text: string) => WordHit | undefined {
  const data = new DataSet<Meta>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => DROPPED.has(phrase.metadata?.originalWord as EnglishProfaneWord));
  for (const term of normaliseTerms(blockedTerms)) {
    data.addPhrase((phrase) => phrase.setMetadata({ originalWord: term, blocked: true }).addPattern(parseRawPattern(`|${term}|`)));
  }
  const matcher = new RegExpMatcher({ ...data.build(), ...englishRecommendedTransformers });
  const find = (text: string): WordHit | undefined => {
    const [first] = matcher.getAllMatches(text, true);
    const meta = first ? data.getPayloadWithPhraseMetadata(first).phraseMetadata : undefined;
    if (!meta) return undefined;
    return { kind: meta.blocked ? 'blocked' : kindOf(meta.originalWord as EnglishProfaneWord), term: meta.originalWord };
  };
  return (text) => {
    for (const variant of new Set([text, joinSpacedLetters(text), joinSpacedLetters(text, true)])) {
      const hit = find(variant);
      if (hit) return hit;
    }
    return undefined;
  };
}

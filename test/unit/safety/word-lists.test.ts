import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKED_TERMS } from '../../../lambdas/services/screening-lists';
import { joinSpacedLetters, normaliseTerms, wordListMatcher } from '../../../lambdas/services/word-lists';

describe('word-list prompt screen', () => {
  const match = wordListMatcher(['nsfw', 'nude', 'child porn', 'gr[i]me?', 'red dragon']);

  it.each([
    ['plain', 'a porn star on a beach', 'sexual', 'porn'],
    ['leetspeak', 'a p0rn star', 'sexual', 'porn'],
    ['spaced out', 'a p o r n star', 'sexual', 'porn'],
    ['spaced out with a digit for a letter', 'a p 0 r n picture of a beach', 'sexual', 'porn'],
    ['dotted', 'f.u.c.k this landscape', 'profanity', 'fuck'],
    ['repeated letters', 'fuuuuck', 'profanity', 'fuuuuck'],
    ['a slur in leetspeak', 'a n1gger in a field', 'slur', 'nigger'],
    ['an operator term', 'a red dragon over the hills', 'blocked', 'red dragon'],
    ['an operator term in leetspeak', 'a r3d dr4gon', 'blocked', 'red dragon'],
    ['nudity in leetspeak', 'a nud3 figure', 'sexual', 'nude'],
    ['nudity spaced out', 'a n u d e figure', 'sexual', 'nude'],
    ['a phrase about a minor', 'child   porn', 'minors', 'child porn'],
    ['an operator term written with pattern characters', 'gr i me', 'blocked', 'gr i me'],
    ['zero-width characters inside a word', 'a n\u200du\u200cd\u00ade figure', 'sexual', 'nude'],
    ['variation selectors and tags', 'n\ufe0fu\u{E0041}de', 'sexual', 'nude'],
    ['a bidi override', 'a n\u202eude figure', 'sexual', 'nude'],
    ['combining marks', 'n\u0336u\u0336d\u0336e\u0336 and ñúdé', 'sexual', 'nude'],
    ['Cyrillic look-alikes', '\u0440\u043ern star', 'sexual', 'porn'],
    ['full-width letters', 'ｎｕｄｅ', 'sexual', 'nude'],
    ['leet symbols', 'a $exy pose on the beach', 'sexual', 'sexy'],
    ['a separator inside the word', 'a nu-de model', 'sexual', 'nude'],
  ])('refuses %s', (_case, prompt, kind, term) => {
    expect(match(prompt)).toEqual({ kind, term });
  });

  it.each([
    ['a compound', 'nudeart photography', 'nudeart'],
    ['a derivation', 'undressing slowly', 'undressing'],
    ['a translation', 'una mujer desnuda', 'desnuda'],
    ['a word the old list missed', 'a naked woman on a beach', 'naked'],
  ])('refuses %s with the default terms', (_case, prompt, term) => {
    expect(wordListMatcher(DEFAULT_BLOCKED_TERMS)(prompt)).toEqual({ kind: 'sexual', term });
  });

  it('matches an operator stem (`*`) and keeps an allowed word allowed', () => {
    const stems = wordListMatcher(['dragon*']);
    expect(stems('dragonfire over the hills')).toEqual({ kind: 'blocked', term: 'dragonfire' });
    expect(stems('snapdragon')).toBeUndefined();
  });

  it('lets the operator block a word the allow-list would excuse (an identical entry does not excuse it)', () => {
    expect(wordListMatcher(['scunthorpe'])('Scunthorpe at dusk')).toEqual({ kind: 'blocked', term: 'scunthorpe' });
  });

  it.each([
    'Scunthorpe at dusk',
    'a classic car in the rain',
    "assassin's creed style, cinematic",
    'Moby Dick breaching, oil painting',
    'a blue tit on a branch',
    'a cocktail bar in Essex',
    'a rooster, the cock crows at dawn',
    'a sextant on a ship, therapist office, grape juice',
    'a document on analysis of butterflies',
    'a nudibranch in the reef, a nuée of starlings',
    'A B C blocks on a table',
  ])('lets %j through', (prompt) => {
    expect(match(prompt)).toBeUndefined();
  });

  it('joins only runs of three or more single characters', () => {
    expect(joinSpacedLetters('f u c k and a b')).toBe('fuck and a b');
    expect(joinSpacedLetters('p-o-r-n')).toBe('porn');
    expect(joinSpacedLetters('I am a cat')).toBe('I am a cat');
    expect(joinSpacedLetters('a n u d e', true)).toBe('a nude');
  });

  it('normalises the operator list (case, spaces, blanks, comments, duplicates)', () => {
    expect(normaliseTerms(['  Nude ', 'nude', '', '# a comment', 'Child   Porn', 'gr[i|me?', 'Nud*'])).toEqual([
      'nude',
      'child porn',
      'gr i me',
      'nud*',
    ]);
  });
});

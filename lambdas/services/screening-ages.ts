/**
 * Ages written as numbers ('a 12 year old', '12yo', '12-jährige', '12歳', '12 лет', 'aged 12'): the
 * age cue of the minors rule (word-lists.ts) when the number is under 18. Read on the prompt's plain
 * text (screening-text.ts `plainText`: lower case, marks stripped, no leetspeak), so a digit stays a digit.
 */

/** Words that follow an age, in the languages of the lists: year(s) old, años, ans, Jahre, anni, лет, yaşında, tahun, 歳… */
// biome-ignore format: word lists read best packed
const UNITS = [
  'year-old', 'years? old', 'years?', 'yrs? old', 'yrs?', 'yo', 'y ?/ ?o', 'y\\.o\\.?', 'anos?', 'ans?', 'anni', 'anys', 'jahre?',
  'jahrige?[nrs]?', 'jaar', 'jarige', 'ar', 'ars', 'arig', 'lat', 'letni[a-z]*', 'let', 'leta', 'лет', 'года?', 'летн[а-я]*', 'yas[a-z]*',
  'yaş[a-z]*', 'tahun', 'vuotias', 'eves', 'ani', 'χρονων', 'χρονο[νσ]?', 'ετων', 'saal', 'sal', 'साल', 'বছর', 'سال', 'سنة', 'سنوات',
  'عام', 'عاما', 'rokov', 'roku', 'evesen', 'metai', 'gadus',
];
/** Units of scripts without spaces: the next character may be a letter ('12歳の少女'). */
const DENSE_UNITS = ['歳', '才', '岁', '歲', '살'];
const AFTER = new RegExp(`(?<!\\d)(\\d{1,2}) ?-? ?(?:(?:${UNITS.join('|')})(?![\\p{L}])|${DENSE_UNITS.join('|')})`, 'gu');
const BEFORE = /(?:\baged?|\bedad de|\bage de|\bim alter von|\bdi eta|\bвозраст[а-я]*|年齢) ?:? ?(\d{1,2})(?!\d)/gu;
const ADULT = 18;

/** The first age under 18 written as a number in `plain`, as written ('12 year old'), or undefined. */
export function isMinorAge(plain: string): string | undefined {
  for (const pattern of [AFTER, BEFORE]) {
    for (const m of plain.matchAll(pattern)) {
      const age = Number(m[1]);
      if (age < ADULT) return m[0].trim();
    }
  }
  return undefined;
}

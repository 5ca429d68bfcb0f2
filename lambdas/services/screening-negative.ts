/**
 * The negative prompt (28 Nov, issue 30: red team 8 wrote as Stable Diffusion and Midjourney users do). Visitors
 * paste prompts with a section that lists what the picture must NOT show: `Negative prompt: nsfw, gore, blurry`
 * or Midjourney's `--no nsfw, text`. FLUX.1-schnell reads no negative prompt (ComfyUI's graph here has none), so
 * the section asks nothing of the model, and listing `nsfw` or `blood` there is the opposite of asking for it:
 * those short exclusions are not screened as requests. Two things in the section still count:
 * - an item that is a sentence (four words or more) is screened as asked for: 'negative prompt:' must not become a
 *   place to hide a request after;
 * - excluding what covers a body (`clothes`, `underwear`, `censored`…) asks for nudity (NEGATIVE_UNCOVER).
 */

/** Where the excluded part starts: "Negative prompt:", "Negative:", "neg:" (any case, ':' or '：'), or Midjourney's --no. */
const NEGATIVE = /(?:\bnegative(?:\s+prompts?)?|\bneg)\s*[:：]|(?:^|\s)--no\s/iu;

/** Words of an excluded item at which it is read as a sentence (a request), not a tag to leave out. */
const SENTENCE_WORDS = 4;

/** Excluding one of these asks for a body uncovered. Matched against a whole item, as written, lower case, with weights stripped. */
const NEGATIVE_UNCOVER = new Set([
  'clothes',
  'clothing',
  'clothed',
  'dressed',
  'dress',
  'dresses',
  'shirt',
  'shirts',
  'top',
  'tops',
  'pants',
  'trousers',
  'skirt',
  'underwear',
  'bra',
  'bras',
  'panties',
  'lingerie',
  'bikini',
  'swimsuit',
  'swimwear',
  'censored',
  'censor',
  'censorship',
  'censor bar',
  'mosaic',
  'mosaic censoring',
  'covered',
  'covering',
  'cover',
  'towel',
  'modest',
  'modesty',
  'sfw',
  'fabric',
  'garments',
  'outfit',
  'any clothes',
  'any clothing',
  'wearing clothes',
  'fully clothed',
  'covered nipples',
  'covered body',
]);

export interface PromptParts {
  /** What is asked for: the prompt before the excluded part, and every excluded item that reads as a sentence. */
  wanted: string;
  /** An excluded item that asks for nudity, as written ('clothes'), if any. */
  uncovering?: string;
}

/** Splits a prompt into what it asks for and what it excludes; without an excluded part, the whole prompt is wanted. */
export function promptParts(prompt: string): PromptParts {
  const found = NEGATIVE.exec(prompt);
  if (!found) return { wanted: prompt };
  const items = prompt
    .slice(found.index + found[0].length)
    .split(/[,，、;\n]|\s--\w+/u)
    .map((item) => item.trim())
    .filter(Boolean);
  const sentences = items.filter((item) => item.split(/\s+/u).length >= SENTENCE_WORDS);
  const tag = (item: string) =>
    item
      .toLowerCase()
      .replace(/[()[\]{}]|:\s*[\d.]+/gu, '')
      .trim();
  const uncovering = items.find((item) => NEGATIVE_UNCOVER.has(tag(item)));
  const wanted = [prompt.slice(0, found.index), ...sentences].join(', ');
  return uncovering ? { wanted, uncovering } : { wanted };
}

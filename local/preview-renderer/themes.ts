/**
 * The preview renderer's theme classifier: prompt words → one of the 14 collections' themes, or
 * `default` when nothing matches. One table, read top to bottom.
 *
 * Scoring: every keyword found in the prompt adds its weight to its theme; the highest total wins,
 * ties go to the theme listed first. A person's activity ("hiker", "yoga") weighs 6; words about how a picture looks (style: "portrait", "sepia",
 * "single", "nebula") weigh 4, subjects ("fox", "castle") 2, hints ("sunset", "snow") 1, so
 * "Portrait of a red fox" is a photograph and "Red fox in an autumn forest" an animal. A keyword
 * matches a whole word, plural included ("wave" matches "waves"); a keyword with a space matches
 * that phrase.
 */
export const THEME_IDS = [
  'photography',
  'adventures',
  'colorful',
  'healthy',
  'seascape',
  'nature',
  'space',
  'architecture',
  'abstract',
  'vintage',
  'animals',
  'minimal',
  'fantasy',
  'mountains',
  'default',
] as const;

export type ThemeId = (typeof THEME_IDS)[number];

interface ThemeWords {
  theme: Exclude<ThemeId, 'default'>;
  /** A person doing something outdoors or for their health: the activity defines the picture. */
  activity?: string[];
  style: string[];
  subject: string[];
  hint: string[];
}

const WEIGHT = { activity: 6, style: 4, subject: 2, hint: 1 } as const;

// biome-ignore format: one line per word list keeps the table readable as a table
const THEME_TABLE: ThemeWords[] = [
  {
    theme: 'photography',
    style: ['portrait', 'photo', 'photograph', 'macro', 'depth of field', 'long exposure', 'close-up', 'bokeh', 'reflection', 'silhouette', 'soft light', 'black and white', 'golden hour', 'blue hour'],
    subject: ['street', 'dancer', 'coffee', 'fisherman', 'traffic', 'puddle', 'market', 'lens', 'cup'],
    hint: ['rainy', 'dew', 'foggy', 'camera', 'window'],
  },
  {
    theme: 'adventures',
    activity: ['explorer', 'hiker', 'backpacker', 'climber', 'kayak', 'canoe', 'skier', 'biker', 'paraglider'],
    style: ['adventure', 'expedition', 'trail', 'campfire', 'tent', 'caravan', 'sailboat in a stormy'],
    subject: ['rope bridge', 'jungle', 'climbing', 'camping', 'trek'],
    hint: ['ridge', 'dune', 'powder', 'slope', 'aurora', 'bay'],
  },
  {
    theme: 'colorful',
    style: ['colorful', 'colourful', 'rainbow', 'vivid', 'stained glass', 'mural', 'candy', 'tulip', 'neon pink', 'swirling'],
    subject: ['balloon', 'macaw', 'lantern', 'festival', 'paint powder', 'coral reef with vivid', 'houses along'],
    hint: ['neon', 'bright', 'ruby', 'magenta', 'lime'],
  },
  {
    theme: 'healthy',
    activity: ['yoga', 'meditation', 'runner', 'cyclist', 'swimmer'],
    style: ['healthy', 'salad', 'smoothie', 'oatmeal', 'herbal', 'fruit'],
    subject: ['avocado', 'berries', 'blueberries', 'carrots', 'kale', 'lemon', 'apples', 'tea', 'almonds', 'honey', 'farmers market', 'orchard', 'glass of water'],
    hint: ['fresh', 'bowl', 'mint', 'basket of red', 'pool', 'morning yoga'],
  },
  {
    theme: 'seascape',
    style: ['seascape', 'ocean', 'wave', 'lagoon', 'lighthouse', 'tide pool', 'surfer', 'beach', 'sea cave'],
    subject: ['sea', 'harbour', 'harbor', 'pier', 'shore', 'coast', 'iceberg', 'starfish', 'fishing boat', 'tropical'],
    hint: ['sunset', 'tide', 'sand', 'cliff', 'moonlight over a silver'],
  },
  {
    theme: 'nature',
    style: ['meadow', 'wildflowers', 'woodland', 'blossom', 'sunflowers', 'field'],
    subject: ['forest', 'tree', 'bamboo', 'gorge', 'moss', 'pond', 'lavender', 'grass', 'mushroom', 'rice terrace', 'oak', 'leaves', 'garden'],
    hint: ['river', 'spring', 'summer', 'autumn', 'frosty', 'rain', 'emerald', 'green'],
  },
  {
    theme: 'space',
    style: ['space', 'galaxy', 'nebula', 'planet', 'astronaut', 'cosmic', 'orbit', 'black hole', 'comet', 'space station', 'lunar', 'mars'],
    subject: ['rocket', 'stars', 'starlight', 'moon', 'satellite', 'universe', 'star'],
    hint: ['starry', 'sun', 'cluster', 'icy'],
  },
  {
    theme: 'architecture',
    style: ['architecture', 'skyscraper', 'cathedral', 'facade', 'staircase', 'museum', 'temple', 'art deco', 'brutalist', 'colonnade', 'bridge', 'skyline', 'cyberpunk', 'villa', 'library', 'concrete house'],
    subject: ['building', 'tower', 'lobby', 'house', 'city', 'walls', 'interior', 'church'],
    hint: ['glass', 'stone', 'modern', 'futuristic', 'gothic'],
  },
  {
    theme: 'abstract',
    style: ['abstract', 'geometric', 'fractal', 'gradient', 'marble', 'brush strokes', 'pattern', 'paper cut', 'ink', 'flowing', 'smoke', 'shattered', 'shattered glass'],
    subject: ['shapes', 'circles', 'swirl', 'smoke trails', 'grid', 'lines'],
    hint: ['liquid', 'pastel', 'paint', 'layers', 'tones'],
  },
  {
    theme: 'vintage',
    style: ['vintage', 'retro', 'sepia', 'antique', 'victorian', 'fifties', 'faded', 'nostalgic', 'postcard'],
    subject: ['typewriter', 'record player', 'vinyl', 'gramophone', 'steam train', 'diner', 'jazz', 'gas lamp', 'classic cinema', 'old red car'],
    hint: ['old', 'classic', 'tablecloth', 'compass', 'map'],
  },
  {
    theme: 'animals',
    style: ['animal', 'lion', 'whale', 'panda', 'flamingo', 'leopard', 'hummingbird', 'elephant', 'owl', 'turtle', 'fox', 'cubs', 'polar bear', 'butterfly', 'wildlife', 'koi'],
    subject: ['bird', 'deer', 'wolf', 'bear', 'horse', 'fish', 'cat', 'dog', 'tiger', 'savanna'],
    hint: ['feathers', 'wings', 'flock', 'herd'],
  },
  {
    theme: 'minimal',
    style: ['minimal', 'minimalist', 'single', 'lone', 'one red', 'empty', 'simple', 'on a white', 'flat desert'],
    subject: ['chair', 'umbrella', 'paper plane', 'lamp', 'shadow of a window', 'horizon'],
    hint: ['white', 'pale', 'beige', 'calm', 'plain', 'blank'],
  },
  {
    theme: 'fantasy',
    style: ['fantasy', 'dragon', 'castle', 'wizard', 'enchanted', 'fairy', 'elven', 'mermaid', 'phoenix', 'portal', 'airship', 'floating islands', 'magic'],
    subject: ['knight', 'serpent', 'crystal', 'ruin', 'unicorn', 'spell', 'glowing blue mushrooms'],
    hint: ['giant', 'ancient', 'moonlit', 'glowing'],
  },
  {
    theme: 'mountains',
    style: ['mountain', 'peak', 'summit', 'alpine', 'glacier', 'volcano', 'ridge', 'cabin', 'northern lights'],
    subject: ['valley', 'cliff', 'larches', 'pines', 'snowy', 'range', 'fjord'],
    hint: ['snow', 'granite', 'lava', 'winter', 'clouds', 'high', 'rocky', 'desert'],
  },
];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every keyword as a regex: whole word or phrase, optionally plural. */
const MATCHERS = THEME_TABLE.flatMap(({ theme, ...lists }) =>
  (Object.keys(WEIGHT) as (keyof typeof WEIGHT)[]).flatMap((kind) =>
    (lists[kind] ?? []).map((word) => ({
      theme,
      weight: WEIGHT[kind],
      re: new RegExp(`(?<![\\p{L}-])${escapeRegex(word)}(?:s|es)?(?![\\p{L}-])`, 'iu'),
    })),
  ),
);

/** Each theme's score for a prompt (themes with no match are absent). */
function themeScores(prompt: string): Map<ThemeId, number> {
  const scores = new Map<ThemeId, number>();
  for (const m of MATCHERS) if (m.re.test(prompt)) scores.set(m.theme, (scores.get(m.theme) ?? 0) + m.weight);
  return scores;
}

/** The theme a prompt is drawn in. */
export function classifyPrompt(prompt: string): ThemeId {
  let best: ThemeId = 'default';
  let bestScore = 0;
  // Map iteration follows insertion order, which is not table order: walk the table instead.
  const scores = themeScores(prompt);
  for (const { theme } of THEME_TABLE) {
    const score = scores.get(theme) ?? 0;
    if (score > bestScore) {
      best = theme;
      bestScore = score;
    }
  }
  return best;
}

/** The theme of each collection (by API value), what its seeded prompts must classify to. */
export const CATEGORY_THEMES: Record<string, ThemeId> = {
  Photography: 'photography',
  Adventures: 'adventures',
  Colorful: 'colorful',
  Healthy: 'healthy',
  Seascape: 'seascape',
  Nature: 'nature',
  Space: 'space',
  Architecture: 'architecture',
  Abstract: 'abstract',
  Vintage: 'vintage',
  Animals: 'animals',
  Minimalist: 'minimal',
  Fantasy: 'fantasy',
  Mountains: 'mountains',
};

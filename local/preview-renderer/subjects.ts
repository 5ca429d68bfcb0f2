/**
 * The preview renderer's vocabulary: prompt words → subjects it can draw. A subject is a figure
 * (figures-*.ts) standing on the ground or flying, a support another subject rests on (a
 * windowsill, a table), or a sky subject (weather, time of day) drawn over the scene. One table,
 * read top to bottom; a word matches whole, plural included, and a plural draws a group.
 */
import type { Shape } from './figure';
import { ANIMALS, SLEEPING_CAT } from './figures-living';
import { BUILDINGS, VEHICLES } from './figures-made';
import { PEOPLE } from './figures-people';
import { PLANTS } from './figures-plants';
import { FOOD, OBJECTS } from './figures-things';

export type SubjectKind = 'animal' | 'person' | 'building' | 'vehicle' | 'food' | 'plant' | 'object' | 'weather' | 'time' | 'support';

export interface SubjectDef {
  id: string;
  kind: SubjectKind;
  words: string[];
  /** Its figure (absent for sky subjects and supports, which compose.ts draws itself). */
  shapes?: Shape[];
  /** Drawn in the sky rather than on the ground. */
  flies?: boolean;
  /** Height in the picture as a share of its height (before the seed's and the prompt's scaling). */
  scale: number;
}

// biome-ignore format: one line per subject keeps the vocabulary readable as a table
const WORDS: Record<string, string[]> = {
  cat: ['cat', 'kitten', 'kitty'], dog: ['dog', 'puppy', 'hound'], fox: ['fox'], wolf: ['wolf', 'wolves'], horse: ['horse', 'pony', 'stallion'],
  deer: ['deer', 'stag', 'reindeer'], bear: ['bear', 'polar bear', 'panda'], lion: ['lion', 'lioness'], tiger: ['tiger', 'leopard'], elephant: ['elephant'],
  giraffe: ['giraffe'], cow: ['cow', 'cattle'], sheep: ['sheep', 'lamb'], rabbit: ['rabbit', 'bunny', 'hare'], owl: ['owl'],
  bird: ['bird', 'eagle', 'sparrow', 'robin', 'seagull', 'gull', 'crow', 'hummingbird', 'macaw', 'parrot', 'phoenix'], duck: ['duck', 'swan'],
  penguin: ['penguin'], flamingo: ['flamingo'], fish: ['fish', 'koi', 'goldfish'], whale: ['whale', 'dolphin'], turtle: ['turtle', 'tortoise'],
  butterfly: ['butterfly', 'butterflies'], dragon: ['dragon'],
  person: ['person', 'woman', 'man', 'people', 'crowd', 'traveler', 'traveller', 'monk', 'surfer'], child: ['child', 'children', 'kid', 'girl', 'boy'],
  runner: ['runner', 'jogger'], dancer: ['dancer', 'ballerina'], fisherman: ['fisherman', 'fishermen'],
  hiker: ['hiker', 'backpacker', 'explorer', 'climber', 'skier'], astronaut: ['astronaut'], knight: ['knight'], wizard: ['wizard', 'witch'],
  house: ['house', 'home', 'cottage', 'villa'], cabin: ['cabin', 'hut', 'chalet'], castle: ['castle', 'palace'], lighthouse: ['lighthouse'],
  skyscraper: ['skyscraper', 'skyline'], tower: ['tower'], church: ['church', 'cathedral', 'chapel'], temple: ['temple', 'colonnade'],
  windmill: ['windmill'], bridge: ['bridge'], pyramid: ['pyramid'],
  car: ['car', 'taxi'], bus: ['bus', 'tram'], truck: ['truck', 'van'], bicycle: ['bicycle', 'bike', 'cyclist'], train: ['train', 'locomotive'],
  boat: ['boat', 'canoe', 'kayak'], sailboat: ['sailboat', 'yacht'], ship: ['ship', 'ferry'], airplane: ['airplane', 'plane', 'jet'],
  rocket: ['rocket', 'spaceship'], balloon: ['hot air balloon', 'balloon', 'airship'],
  planet: ['planet'], comet: ['comet'], satellite: ['satellite', 'space station'],
  apple: ['apple'], cake: ['cake', 'cupcake'], cup: ['cup', 'coffee', 'mug', 'latte', 'tea'], bowl: ['bowl', 'salad', 'soup', 'smoothie', 'oatmeal'],
  pizza: ['pizza'], bread: ['bread', 'loaf', 'croissant'], 'ice cream': ['ice cream'], lemon: ['lemon'],
  tree: ['tree', 'oak', 'forest', 'orchard'], pine: ['pine', 'fir', 'spruce'], palm: ['palm', 'palm tree'], flower: ['flower', 'wildflower', 'daisy', 'blossom'],
  sunflower: ['sunflower'], tulip: ['tulip'], cactus: ['cactus', 'cacti'], mushroom: ['mushroom'], rose: ['rose'],
  chair: ['chair', 'armchair'], lamp: ['lamp', 'streetlight'], umbrella: ['umbrella'], book: ['book'], clock: ['clock'], guitar: ['guitar'],
  teapot: ['teapot', 'kettle'], vase: ['vase'], candle: ['candle'], lantern: ['lantern'], kite: ['kite'], typewriter: ['typewriter'], camera: ['camera'],
  cloud: ['cloud', 'cloudy', 'overcast'], rain: ['rain', 'rainy', 'drizzle', 'raindrop'], snow: ['snow', 'snowy', 'snowfall', 'snowflake'],
  storm: ['storm', 'stormy', 'lightning', 'thunder'], rainbow: ['rainbow'], fog: ['fog', 'foggy', 'mist', 'misty', 'haze'],
  sun: ['sun', 'sunny', 'sunshine'], moon: ['moon', 'moonlit', 'moonlight'], stars: ['star', 'starry', 'starlight'],
  night: ['night', 'midnight', 'nighttime'], sunset: ['sunset', 'dusk', 'evening', 'golden hour'], dawn: ['dawn', 'sunrise', 'morning', 'daybreak'],
  windowsill: ['windowsill', 'window sill', 'window ledge', 'window'], table: ['table', 'desk', 'counter', 'tablecloth'], rock: ['rock', 'boulder', 'cliff'],
};

const FIGURES: [SubjectKind, Record<string, Shape[]>, number][] = [
  ['animal', ANIMALS, 0.3],
  ['person', PEOPLE, 0.42],
  ['building', BUILDINGS, 0.5],
  ['vehicle', VEHICLES, 0.26],
  ['food', FOOD, 0.34],
  ['plant', PLANTS, 0.4],
  ['object', OBJECTS, 0.3],
];
const FLYING = new Set(['bird', 'butterfly', 'dragon', 'airplane', 'rocket', 'balloon', 'kite', 'owl', 'planet', 'comet', 'satellite']);
const SKY: Record<string, SubjectKind> = {
  cloud: 'weather',
  rain: 'weather',
  snow: 'weather',
  storm: 'weather',
  rainbow: 'weather',
  fog: 'weather',
  sun: 'time',
  moon: 'time',
  stars: 'time',
  night: 'time',
  sunset: 'time',
  dawn: 'time',
  windowsill: 'support',
  table: 'support',
  rock: 'support',
};

export const SUBJECTS: SubjectDef[] = [
  ...FIGURES.flatMap(([kind, table, scale]) =>
    Object.entries(table).map(([id, shapes]): SubjectDef => ({ id, kind, words: WORDS[id] ?? [id], shapes, scale, flies: FLYING.has(id) })),
  ),
  ...Object.entries(SKY).map(([id, kind]): SubjectDef => ({ id, kind, words: WORDS[id] ?? [id], scale: 0 })),
];

/** The sleeping pose replaces a cat's figure when the prompt says so. */
export const RESTING = /\b(sleep(?:s|ing)?|asleep|curled|napping|lying|resting)\b/i;
export const RESTING_SHAPES: Record<string, Shape[]> = { cat: SLEEPING_CAT };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = SUBJECTS.flatMap((subject) =>
  subject.words.map((word) => ({ subject, re: new RegExp(`(?<![\\p{L}-])${escapeRegex(word)}(s|es)?(?![\\p{L}-])`, 'iu') })),
);

export interface FoundSubject {
  subject: SubjectDef;
  /** Where its word starts in the prompt (the order subjects are composed in). */
  at: number;
  /** The word was plural (or a group noun): draw a few. */
  many: boolean;
  /** The colour word right before it, if any ('red fox'). */
  colourWord?: string;
}

const GROUPS = /^(forest|orchard|people|crowd|children|fishermen|wolves|cattle|butterflies|cacti|skyline)$/i;
const COLOUR_BEFORE = /(\p{L}+)\s+(?:\p{L}+\s+)?$/u;

/** The subjects a prompt names, in prompt order, each once (its first mention). */
export function findSubjects(prompt: string): FoundSubject[] {
  const found = new Map<string, FoundSubject>();
  for (const { subject, re } of MATCHERS) {
    const m = re.exec(prompt);
    if (!m) continue;
    const prev = found.get(subject.id);
    if (prev && prev.at <= m.index) continue;
    const many = Boolean(m[1]) || GROUPS.test(m[0]);
    const colourWord = COLOUR_BEFORE.exec(prompt.slice(0, m.index))?.[1]?.toLowerCase();
    found.set(subject.id, { subject, at: m.index, many, ...(colourWord ? { colourWord } : {}) });
  }
  const list = [...found.values()].sort((a, b) => a.at - b.at);
  // "palm tree": the palm covers the tree's word.
  return list.filter((f) => !(f.subject.id === 'tree' && found.has('palm') && /palm trees?/i.test(prompt)));
}

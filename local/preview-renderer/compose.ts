/**
 * Puts the prompt's subjects into the collection's scene: time of day and weather over the sky,
 * a support (windowsill, table, rock) if one is named, then up to three figures — the first named
 * largest, in front — placed, scaled, faced and coloured by the prompt's words and the seed.
 * `planComposition` decides everything (tests read it: two pictures share a composition only if
 * their plans match); `drawComposition` paints the plan.
 */
import { drawFigure, type Placement, type Shape } from './figure';
import { between, type SceneContext } from './palette';
import { fillEllipse, fillRect, hsl, mix, type Raster, type Rgb, verticalGradient } from './raster';
import { drawSky } from './sky';
import { type FoundSubject, findSubjects, RESTING, RESTING_SHAPES } from './subjects';

const HUES: Record<string, number> = {
  red: 4,
  crimson: 350,
  pink: 335,
  magenta: 305,
  purple: 275,
  violet: 265,
  blue: 218,
  navy: 225,
  cyan: 186,
  teal: 172,
  turquoise: 176,
  green: 120,
  emerald: 145,
  yellow: 52,
  golden: 44,
  gold: 44,
  amber: 38,
  orange: 26,
  brown: 24,
  copper: 22,
  silver: 210,
  grey: 210,
  white: 0,
  black: 0,
};

export interface PlannedFigure {
  id: string;
  shapes: Shape[];
  /** Its colours are chosen when drawn, against what is then behind it. */
  at: Omit<Placement, 'body' | 'accent'>;
  found: FoundSubject;
  shadow: boolean;
}

export interface Plan {
  sky: string[];
  support?: { id: string; y: number };
  figures: PlannedFigure[];
}

/** Average colour of a few pixels around a point: what a figure stands against. */
function backdrop(r: Raster, x: number, y: number, size: number): Rgb {
  const out: Rgb = [0, 0, 0];
  let n = 0;
  for (let i = -2; i <= 2; i++)
    for (let j = 0; j <= 4; j++) {
      const px = Math.round(Math.min(r.w - 1, Math.max(0, x + (i * size) / 5)));
      const py = Math.round(Math.min(r.h - 1, Math.max(0, y - (j * size) / 4)));
      const k = (py * r.w + px) * 3;
      out[0] += r.px[k] as number;
      out[1] += r.px[k + 1] as number;
      out[2] += r.px[k + 2] as number;
      n++;
    }
  return [out[0] / n, out[1] / n, out[2] / n];
}

const luminance = (c: Rgb) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/** Body and accent colours: the named colour, else a silhouette that stands out from what is behind it. */
function colours(found: FoundSubject, behind: Rgb, ctx: SceneContext): { body: Rgb; accent: Rgb } {
  const word = found.colourWord;
  const hueJitter = between(ctx.rand, -8, 8);
  if (word && word in HUES) {
    const light = word === 'white' ? 0.9 : word === 'black' ? 0.1 : word === 'silver' || word === 'grey' ? 0.62 : 0.5;
    const sat = word === 'white' || word === 'black' || word === 'silver' || word === 'grey' ? 0.08 : 0.72;
    const body = hsl((HUES[word] ?? 0) + hueJitter, sat, light);
    return { body, accent: light > 0.5 ? hsl(HUES[word] ?? 0, 0.4, 0.2) : hsl(45, 0.9, 0.8) };
  }
  const hue = (ctx.hues[0] ?? 220) + hueJitter;
  if (luminance(behind) > 0.38) return { body: hsl(hue, 0.3, 0.13), accent: hsl(42, 0.95, 0.72) };
  return { body: hsl(hue, 0.25, 0.86), accent: hsl(hue + 180, 0.5, 0.3) };
}

const SIZE = /\b(tiny|small|little|miniature)\b/i;
const BIG = /\b(giant|huge|big|large|enormous|towering)\b/i;

export function planComposition(r: Raster, ctx: SceneContext): Plan {
  const { rand, prompt } = ctx;
  const found = findSubjects(prompt);
  const sky = found.filter((f) => f.subject.kind === 'weather' || f.subject.kind === 'time').map((f) => f.subject.id);
  const supportFound = found.find((f) => f.subject.kind === 'support');
  const figures = found.filter((f) => f.subject.shapes).slice(0, 3);
  const ground = r.h * between(rand, 0.84, 0.93);
  const support = supportFound ? { id: supportFound.subject.id, y: r.h * between(rand, 0.72, 0.8) } : undefined;
  // Slots left to right: the seed picks which the main figure takes; the prompt's "left"/"right" win.
  const slots = [0.28, 0.5, 0.72];
  let main = Math.floor(rand() * 3);
  if (/\bleft\b/i.test(prompt)) main = 0;
  else if (/\bright\b/i.test(prompt)) main = 2;
  const order = [main, ...[0, 1, 2].filter((s) => s !== main)];
  const sizeWord = SIZE.test(prompt) ? 0.65 : BIG.test(prompt) ? 1.3 : 1;
  const planned: PlannedFigure[] = [];
  figures.forEach((f, i) => {
    const def = f.subject;
    const slot = slots[order[i] ?? 1] ?? 0.5;
    const depth = i === 0 ? 1 : 0.62; // later subjects stand further back: smaller, higher
    const shapes = RESTING.test(prompt) ? (RESTING_SHAPES[def.id] ?? def.shapes ?? []) : (def.shapes ?? []);
    const onSupport = i === 0 && support && !def.flies;
    const baseY = def.flies ? r.h * between(rand, 0.3, 0.5) : onSupport ? support.y : ground - (1 - depth) * r.h * 0.12;
    const count = f.many ? 3 : 1;
    for (let k = 0; k < count; k++) {
      const size = r.h * def.scale * between(rand, 0.9, 1.2) * sizeWord * depth * (k === 0 ? 1 : between(rand, 0.6, 0.85));
      // Keep wide figures (bridges, trains, castles) inside the frame.
      const fitted = Math.min(size, r.w * 0.42);
      const x = r.w * (slot + (k === 0 ? between(rand, -0.04, 0.04) : (k === 1 ? -1 : 1) * between(rand, 0.12, 0.18)));
      const y = baseY - (k === 0 ? 0 : r.h * 0.02 * k);
      const flip = /\bleft\b/i.test(prompt) ? true : rand() < 0.5;
      planned.push({ id: def.id, shapes, at: { x, y, size: fitted, flip }, found: f, shadow: !def.flies });
    }
  });
  return { sky, ...(support ? { support } : {}), figures: planned };
}

/** A support under the main figure: what it rests on. */
function drawSupport(r: Raster, support: { id: string; y: number }, ctx: SceneContext): void {
  const { y } = support;
  const wood = hsl(28, 0.35, 0.3);
  if (support.id === 'windowsill') {
    // Seen from inside: the wall round the window, the frame and its cross bar, the sill in front.
    const wall = hsl((ctx.hues[0] ?? 30) + 20, 0.18, 0.78);
    fillRect(r, 0, 0, r.w * 0.09, r.h, wall);
    fillRect(r, r.w * 0.91, 0, r.w, r.h, wall);
    fillRect(r, 0, 0, r.w, r.h * 0.06, wall);
    verticalGradient(r, [mix(wall, [0, 0, 0], 0.15), mix(wall, [0, 0, 0], 0.35)], y, r.h);
    const frame = hsl(35, 0.2, 0.94);
    fillRect(r, r.w * 0.09, r.h * 0.06, r.w * 0.115, y, frame);
    fillRect(r, r.w * 0.885, r.h * 0.06, r.w * 0.91, y, frame);
    fillRect(r, r.w * 0.09, r.h * 0.06, r.w * 0.91, r.h * 0.085, frame);
    fillRect(r, r.w * 0.495, r.h * 0.06, r.w * 0.505, y, frame, 0.9);
    fillRect(r, r.w * 0.09, r.h * 0.38, r.w * 0.91, r.h * 0.395, frame, 0.9);
    fillRect(r, r.w * 0.05, y, r.w * 0.95, y + r.h * 0.045, frame);
    fillRect(r, r.w * 0.05, y + r.h * 0.045, r.w * 0.95, y + r.h * 0.055, mix(frame, [0, 0, 0], 0.3));
  } else if (support.id === 'table') {
    fillRect(r, r.w * 0.04, y, r.w * 0.96, y + r.h * 0.04, wood);
    fillRect(r, r.w * 0.04, y + r.h * 0.04, r.w * 0.96, y + r.h * 0.055, mix(wood, [0, 0, 0], 0.4));
    fillRect(r, r.w * 0.1, y + r.h * 0.05, r.w * 0.13, r.h, mix(wood, [0, 0, 0], 0.3));
    fillRect(r, r.w * 0.87, y + r.h * 0.05, r.w * 0.9, r.h, mix(wood, [0, 0, 0], 0.3));
  } else {
    fillEllipse(r, r.w * 0.5, y + r.h * 0.22, r.w * 0.36, r.h * 0.23, hsl(220, 0.08, 0.28));
    fillEllipse(r, r.w * 0.44, y + r.h * 0.12, r.w * 0.2, r.h * 0.08, hsl(220, 0.08, 0.38), 0.6);
  }
}

export function drawComposition(r: Raster, ctx: SceneContext, plan: Plan): void {
  drawSky(r, ctx, plan.sky, 'before');
  if (plan.support) drawSupport(r, plan.support, ctx);
  // Back to front: the first-named figure is drawn last, in front.
  for (const figure of [...plan.figures].reverse()) {
    const behind = backdrop(r, figure.at.x, figure.at.y, figure.at.size);
    const { body, accent } = colours(figure.found, behind, ctx);
    if (figure.shadow) fillEllipse(r, figure.at.x, figure.at.y, figure.at.size * 0.45, figure.at.size * 0.05, [0, 0, 0], 0.25, 0, 4);
    drawFigure(r, figure.shapes, { ...figure.at, body, accent });
  }
  drawSky(r, ctx, plan.sky, 'after');
}

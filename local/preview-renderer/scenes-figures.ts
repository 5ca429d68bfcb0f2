/** Scenes built around figures: animals (silhouettes, or fish in a pond) and the fantasy castle. */

import { stars } from './effects';
import { between, type Scene, type SceneContext, timeOf } from './palette';
import {
  curve,
  fillBelow,
  fillCircle,
  fillEllipse,
  fillPolygon,
  fillRect,
  glow,
  hsl,
  line,
  mix,
  type Raster,
  type Rgb,
  ramp,
  ridge,
  verticalGradient,
} from './raster';
import { sky } from './scenes-outdoor';

/** A four-legged silhouette standing on `ground`, facing `dir` (1 right, -1 left). */
function quadruped(r: Raster, kind: number, x: number, ground: number, s: number, dir: number, c: Rgb): void {
  const X = (dx: number) => x + dx * dir * s;
  const Y = (dy: number) => ground - dy * s;
  if (kind === 0) {
    // Elephant.
    fillEllipse(r, X(0), Y(1.35), s * 1.15, s * 0.7, c);
    for (const lx of [-0.75, -0.4, 0.35, 0.7]) fillRect(r, X(lx) - s * 0.13, Y(1.2), X(lx) + s * 0.13, ground, c);
    fillCircle(r, X(1.15), Y(1.55), s * 0.45, c);
    fillEllipse(r, X(0.85), Y(1.45), s * 0.35, s * 0.5, c);
    line(r, X(1.45), Y(1.45), X(1.65), Y(0.8), s * 0.2, c);
    line(r, X(1.65), Y(0.8), X(1.6), Y(0.3), s * 0.14, c);
    line(r, X(-1.1), Y(1.5), X(-1.25), Y(0.9), s * 0.05, c);
  } else if (kind === 1) {
    // Giraffe.
    fillEllipse(r, X(0), Y(1.75), s * 0.8, s * 0.4, c);
    for (const lx of [-0.55, -0.35, 0.4, 0.6]) line(r, X(lx), Y(1.7), X(lx), ground, s * 0.09, c);
    fillPolygon(r, [X(0.45), Y(2.0), X(0.75), Y(1.8), X(1.35), Y(3.6), X(1.15), Y(3.7)], c);
    fillEllipse(r, X(1.4), Y(3.65), s * 0.32, s * 0.14, c, 1, dir * 0.35);
    line(r, X(1.2), Y(3.8), X(1.18), Y(4.0), s * 0.04, c);
    line(r, X(1.3), Y(3.8), X(1.3), Y(4.0), s * 0.04, c);
    line(r, X(-0.75), Y(1.85), X(-0.95), Y(1.3), s * 0.04, c);
  } else if (kind === 3) {
    // Fox, cat or big cat: low body, pointed ears, long tail.
    fillEllipse(r, X(0), Y(0.95), s * 0.85, s * 0.3, c);
    for (const lx of [-0.55, -0.4, 0.45, 0.6]) line(r, X(lx), Y(0.9), X(lx), ground, s * 0.1, c);
    fillCircle(r, X(0.95), Y(1.25), s * 0.28, c);
    fillPolygon(r, [X(1.1), Y(1.3), X(1.55), Y(1.1), X(1.1), Y(1.05)], c);
    fillPolygon(r, [X(0.78), Y(1.4), X(0.85), Y(1.8), X(0.98), Y(1.45)], c);
    fillPolygon(r, [X(0.98), Y(1.45), X(1.08), Y(1.82), X(1.15), Y(1.4)], c);
    fillEllipse(r, X(-1.15), Y(0.85), s * 0.5, s * 0.16, c, 1, dir * 0.5);
  } else {
    // Deer or antelope, with horns.
    fillEllipse(r, X(0), Y(1.3), s * 0.8, s * 0.35, c);
    for (const lx of [-0.55, -0.4, 0.45, 0.6]) line(r, X(lx), Y(1.2), X(lx + 0.05), ground, s * 0.08, c);
    fillPolygon(r, [X(0.45), Y(1.5), X(0.8), Y(1.2), X(1.1), Y(2.1), X(0.9), Y(2.25)], c);
    fillEllipse(r, X(1.15), Y(2.2), s * 0.3, s * 0.14, c, 1, dir * 0.3);
    line(r, X(0.95), Y(2.3), X(0.7), Y(3.0), s * 0.05, c);
    line(r, X(1.05), Y(2.3), X(0.95), Y(3.05), s * 0.05, c);
    fillEllipse(r, X(-0.8), Y(1.45), s * 0.12, s * 0.06, c);
  }
}

/** Koi in a pond seen from above: for fish and other water animals. */
function pond(r: Raster, ctx: SceneContext): void {
  const { rand } = ctx;
  const deep = /sea|ocean|whale|turtle|reef/i.test(ctx.prompt);
  const water = deep ? [hsl(200, 0.7, 0.45), hsl(215, 0.7, 0.2)] : [hsl(165, 0.45, 0.35), hsl(180, 0.5, 0.16)];
  verticalGradient(r, water);
  for (let k = 0; k < 30; k++)
    fillEllipse(r, rand() * r.w, rand() * r.h, r.m * 0.2, r.m * 0.02, [255, 255, 255], 0.06, between(rand, -0.3, 0.3), r.m * 0.02);
  const fishes = 3 + Math.floor(rand() * 4);
  for (let k = 0; k < fishes; k++) {
    const x = r.w * between(rand, 0.15, 0.85);
    const y = r.h * between(rand, 0.2, 0.8);
    const s = r.m * between(rand, 0.07, 0.12);
    const a = rand() * Math.PI * 2;
    const body = deep ? hsl(40, 0.2, 0.75) : rand() < 0.5 ? hsl(22, 0.95, 0.55) : [245, 240, 232];
    const ax = Math.cos(a);
    const ay = Math.sin(a);
    fillEllipse(r, x + 6, y + 8, s, s * 0.32, [0, 20, 20], 0.25, a, s * 0.1);
    fillPolygon(
      r,
      [
        x - ax * s * 0.8,
        y - ay * s * 0.8,
        x - ax * s * 1.5 - ay * s * 0.4,
        y - ay * s * 1.5 + ax * s * 0.4,
        x - ax * s * 1.5 + ay * s * 0.4,
        y - ay * s * 1.5 - ax * s * 0.4,
      ],
      body as Rgb,
      0.9,
    );
    fillEllipse(r, x, y, s, s * 0.32, body as Rgb, 1, a);
    if (!deep) fillEllipse(r, x + ax * s * 0.2, y + ay * s * 0.2, s * 0.35, s * 0.16, hsl(5, 0.85, 0.45), 0.9, a + 0.4);
  }
  for (let k = 0; k < (deep ? 0 : 5); k++) {
    const rad = r.m * between(rand, 0.05, 0.09);
    const x = rand() * r.w;
    const y = rand() * r.h;
    fillCircle(r, x, y, rad, (u, v) => mix(hsl(110, 0.5, 0.42), hsl(120, 0.5, 0.28), (u + v + 2) / 4));
    fillPolygon(r, [x, y, x + rad * 1.1, y - rad * 0.25, x + rad * 1.1, y + rad * 0.25], water[0] as Rgb);
  }
}

/** Animal silhouettes and a flock of birds against a big low sun (a pond for fish). */
export const animals: Scene = (r, ctx) => {
  const { rand } = ctx;
  if (/fish|koi|whale|turtle|dolphin/i.test(ctx.prompt)) {
    pond(r, ctx);
    return;
  }
  const time = timeOf(ctx, ['dusk', 'dusk', 'day']);
  const horizon = r.h * 0.78;
  const sunX = r.w * between(rand, 0.3, 0.7);
  sky(r, ctx, time, horizon, sunX, horizon - r.h * between(rand, 0.15, 0.35));
  const c: Rgb = [22, 14, 16];
  const ground = curve(r, (x) => horizon + Math.sin(x / (r.w * 0.17)) * r.h * 0.01 + Math.sin(x * 0.9) * r.h * 0.002);
  fillBelow(r, ground, c);
  // An acacia.
  const ax = rand() < 0.5 ? r.w * between(rand, 0.05, 0.2) : r.w * between(rand, 0.8, 0.95);
  const ah = Math.min(r.h * 0.45, r.w * 0.3);
  line(r, ax, horizon, ax + r.m * 0.02, horizon - ah * 0.7, r.m * 0.02, c);
  line(r, ax + r.m * 0.02, horizon - ah * 0.6, ax - ah * 0.3, horizon - ah * 0.9, r.m * 0.012, c);
  line(r, ax + r.m * 0.02, horizon - ah * 0.6, ax + ah * 0.35, horizon - ah * 0.92, r.m * 0.012, c);
  fillEllipse(r, ax, horizon - ah, ah * 0.6, ah * 0.1, c);
  fillEllipse(r, ax + ah * 0.15, horizon - ah * 1.06, ah * 0.4, ah * 0.08, c);
  const p = ctx.prompt;
  const kind = /elephant/i.test(p)
    ? 0
    : /giraffe/i.test(p)
      ? 1
      : /fox|lion|leopard|cat|wolf|dog|tiger|panda|cub/i.test(p)
        ? 3
        : /deer|antelope/i.test(p)
          ? 2
          : Math.floor(rand() * 4);
  const s = Math.min(r.h, r.w * 0.6) * (kind === 1 ? 0.09 : 0.13);
  const dir = rand() < 0.5 ? 1 : -1;
  const x0 = r.w * between(rand, 0.35, 0.6);
  // The prompt's own animals come from compose.ts; these stand in only when it names none.
  if (!ctx.figures) {
    quadruped(r, kind, x0, horizon + r.h * 0.01, s, dir, c);
    if (rand() < 0.7) quadruped(r, kind, x0 - dir * s * 3.2, horizon + r.h * 0.012, s * 0.65, dir, c);
  }
  // A flock of birds.
  const bx = r.w * between(rand, 0.2, 0.8);
  const by = r.h * between(rand, 0.12, 0.3);
  for (let k = 0; k < 9; k++) {
    const x = bx + (rand() - 0.5) * r.w * 0.3;
    const y = by + (rand() - 0.5) * r.h * 0.15;
    const span = r.m * (0.015 + rand() * 0.015);
    line(r, x - span, y - span * 0.4, x, y, span * 0.18, c);
    line(r, x, y, x + span, y - span * 0.4, span * 0.18, c);
  }
};

/** A castle on a hill under a great moon, with a glow in the mist. */
export const fantasy: Scene = (r, ctx) => {
  const { rand } = ctx;
  const shift = between(rand, -25, 25);
  const horizon = r.h * 0.72;
  verticalGradient(
    r,
    [hsl(250 + shift, 0.6, 0.1), hsl(275 + shift, 0.5, 0.28), hsl(315 + shift, 0.5, 0.5), hsl(190 + shift, 0.45, 0.6)],
    0,
    horizon + r.h * 0.2,
  );
  stars(r, rand, 0.0005, horizon);
  const mx = r.w * between(rand, 0.15, 0.85);
  const my = r.h * between(rand, 0.18, 0.3);
  const mr = r.m * between(rand, 0.1, 0.15);
  glow(r, mx, my, mr * 5, [210, 190, 255], 0.45);
  fillCircle(r, mx, my, mr, (u, v) => mix([255, 250, 235], [220, 210, 230], Math.max(0, (u + v) / 2)));
  fillBelow(r, ridge(r, rand, horizon - r.h * 0.1, r.h * 0.25, 0.55), hsl(270 + shift, 0.35, 0.25));
  // The castle hill.
  const cx = r.w * (mx < r.w / 2 ? between(rand, 0.55, 0.75) : between(rand, 0.25, 0.45));
  const hillTop = r.h * 0.62;
  const hill = curve(r, (x) => hillTop + ((x - cx) / (r.w * 0.35)) ** 2 * r.h * 0.25);
  const dark: Rgb = hsl(260 + shift, 0.45, 0.08);
  const s = r.m * 0.09;
  const window: Rgb = [255, 214, 120];
  const towers = [
    { dx: -2.4, w: 0.5, h: 2.6 },
    { dx: -1.2, w: 0.65, h: 3.4 },
    { dx: 0, w: 0.8, h: 4.8 },
    { dx: 1.2, w: 0.6, h: 3.0 },
    { dx: 2.3, w: 0.45, h: 2.2 },
  ];
  if (!ctx.figures) fillRect(r, cx - 2.6 * s, hillTop - 1.6 * s, cx + 2.5 * s, hillTop + s, dark);
  for (let k = -2.6; k < (ctx.figures ? -2.6 : 2.5); k += 0.4)
    fillRect(r, cx + k * s, hillTop - 1.85 * s, cx + (k + 0.22) * s, hillTop - 1.5 * s, dark);
  for (const t of ctx.figures ? [] : towers) {
    const x = cx + t.dx * s;
    const top = hillTop - t.h * s;
    fillRect(r, x - t.w * s * 0.5, top, x + t.w * s * 0.5, hillTop + s, dark);
    fillPolygon(r, [x - t.w * s * 0.65, top, x + t.w * s * 0.65, top, x, top - t.w * s * 1.6], dark);
    line(r, x, top - t.w * s * 1.6, x, top - t.w * s * 1.6 - s * 0.4, s * 0.05, dark);
    for (let wy = top + s * 0.5; wy < hillTop - s * 0.3; wy += s * 0.9) {
      if (rand() < 0.55) {
        glow(r, x, wy, s * 0.5, window, 0.35);
        fillRect(r, x - s * 0.08, wy - s * 0.14, x + s * 0.08, wy + s * 0.14, window);
      }
    }
  }
  fillBelow(r, hill, dark);
  // Mist and floating motes.
  fillBelow(
    r,
    curve(r, () => hillTop + r.h * 0.08),
    (y) => ramp([hsl(300 + shift, 0.6, 0.7), hsl(260 + shift, 0.5, 0.3)], (y - hillTop) / (r.h * 0.3)),
    0.3,
  );
  for (let k = 0; k < 40; k++) {
    const x = rand() * r.w;
    const y = r.h * between(rand, 0.5, 0.95);
    glow(r, x, y, r.m * 0.015, [255, 240, 170], 0.7);
    fillCircle(r, x, y, r.m * 0.003, [255, 250, 210]);
  }
};

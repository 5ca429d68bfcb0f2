/** Landscape scenes: mountains, seascape, nature, adventures, animals, fantasy. */
import { type Scene, type SceneContext, skyStops, timeOf } from './palette';
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
  stars,
  verticalGradient,
} from './raster';

const between = (rand: () => number, a: number, b: number) => a + rand() * (b - a);

/** Sky down to `horizon`, with sun or moon; returns the sky's colour at the horizon. */
function sky(r: Raster, ctx: SceneContext, time: 'night' | 'dusk' | 'day', horizon: number, sunX: number, sunY: number): Rgb {
  const shift = between(ctx.rand, -12, 12);
  const stops = skyStops(time, shift, hsl);
  verticalGradient(r, stops, 0, horizon + 2);
  if (time === 'night') {
    stars(r, ctx.rand, 0.0005, horizon);
    if (/aurora|northern lights/i.test(ctx.prompt)) {
      // Curtains of light: bright at their lower edge, fading upwards.
      const sky = Math.min(horizon, r.h * 0.7);
      for (let k = 0; k < 4; k++) {
        const base = sky * between(ctx.rand, 0.1, 0.3);
        const phase = ctx.rand() * 6;
        const top = curve(r, (x) => base + Math.sin(x / (r.w * 0.15) + phase) * sky * 0.1);
        const bottom = curve(r, (x) => (top[x] as number) + sky * (0.25 + 0.1 * Math.sin(x / (r.w * 0.07) + k)));
        fillBelow(r, top, (y) => hsl(135 + k * 12, 0.85, 0.2 + Math.min(0.4, ((y - base) / sky) * 1.2)), 0.3, bottom);
      }
    }
    glow(r, sunX, sunY, r.m * 0.22, [170, 180, 230], 0.25);
    fillCircle(r, sunX, sunY, r.m * 0.05, (u, v) => mix([235, 235, 220], [200, 200, 190], Math.max(0, u + v) / 2));
  } else {
    const sun: Rgb = time === 'dusk' ? [255, 214, 150] : [255, 250, 228];
    glow(r, sunX, sunY, r.m * (time === 'dusk' ? 0.6 : 0.35), sun, time === 'dusk' ? 0.55 : 0.4);
    fillCircle(r, sunX, sunY, r.m * (time === 'dusk' ? 0.075 : 0.05), sun);
  }
  return stops[stops.length - 1] as Rgb;
}

/** Snow-capped ridges, far and hazy to near and dark. */
export const mountains: Scene = (r, ctx) => {
  const { rand } = ctx;
  const time = timeOf(ctx, ['day', 'dusk', 'day']);
  const haze = sky(r, ctx, time, r.h, between(rand, 0.15, 0.85) * r.w, r.h * between(rand, 0.15, 0.3));
  const rock = time === 'night' ? hsl(235, 0.3, 0.12) : time === 'dusk' ? hsl(275, 0.35, 0.2) : hsl(215, 0.3, 0.24);
  const snow: Rgb = time === 'night' ? [180, 190, 220] : time === 'dusk' ? [255, 226, 214] : [246, 250, 255];
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = r.h * (0.5 + 0.14 * i);
    const amp = r.h * (0.42 - 0.08 * i);
    const edge = peaks(r, rand, base, amp, 2 + Math.round((r.w / r.h) * (1.2 + i * 0.6)));
    const colour = mix(mix(haze, rock, time === 'dusk' ? 0.7 : 0.45), mix(rock, [10, 14, 22], 0.45), t);
    fillBelow(r, edge, (y) => mix(colour, haze, Math.max(0, 0.3 - (y - base + amp) / r.h) * (1 - t * 0.7)));
    if (i < layers - 1) {
      const snowLine = base - amp * between(rand, 0.6, 0.72);
      const jag = ridge(r, rand, 0, r.h * 0.06, 0.75);
      const bottom = curve(r, (x) => Math.max(edge[x] as number, snowLine + (jag[x] as number)));
      fillBelow(r, edge, mix(snow, colour, t * 0.25), 0.95, bottom);
    }
  }
};

/** A ridge line of distinct peaks: the upper envelope of `count` triangles, roughened. */
function peaks(r: Raster, rand: () => number, base: number, amp: number, count: number): Float32Array {
  const tops = Array.from({ length: count }, (_, k) => ({
    x: ((k + 0.2 + rand() * 0.6) / count) * r.w,
    y: base - amp * between(rand, 0.45, 1),
    slope: between(rand, 0.55, 1.1) * (amp / (r.w / count)) * 1.1,
  }));
  const rough = ridge(r, rand, 0, amp * 0.25, 0.62);
  return curve(r, (x) => {
    let y = base + amp * 0.1;
    for (const p of tops) y = Math.min(y, p.y + Math.abs(x - p.x) * p.slope);
    return y + (rough[x] as number);
  });
}

/** Horizon, sun and its reflection, rows of waves, maybe a lighthouse. */
export const seascape: Scene = (r, ctx) => {
  const { rand } = ctx;
  const time = timeOf(ctx, ['dusk', 'day', 'dusk']);
  const horizon = r.h * between(rand, 0.45, 0.58);
  const sunX = r.w * between(rand, 0.25, 0.75);
  const sunY = time === 'day' ? horizon * 0.35 : horizon * between(rand, 0.6, 0.85);
  const haze = sky(r, ctx, time, horizon, sunX, sunY);
  const deep = time === 'night' ? hsl(225, 0.6, 0.08) : time === 'dusk' ? hsl(230, 0.5, 0.2) : hsl(205, 0.8, 0.22);
  const near = mix(haze, time === 'day' ? hsl(190, 0.7, 0.45) : deep, 0.55);
  verticalGradient(r, [near, mix(near, deep, 0.6), deep], horizon, r.h);
  // The sun's glitter path: short bright dashes, wider towards the viewer.
  const glint: Rgb = time === 'night' ? [220, 225, 240] : [255, 226, 170];
  for (let k = 0; k < 260; k++) {
    const t = rand() ** 1.5;
    const y = horizon + t * (r.h - horizon);
    const spread = r.m * (0.03 + t * 0.25);
    const x = sunX + (rand() - 0.5) * 2 * spread * rand();
    const len = r.m * (0.01 + t * 0.06) * (0.4 + rand());
    fillRect(r, x - len / 2, y, x + len / 2, y + Math.max(1, r.h * 0.004 * (0.3 + t)), glint, 0.35 + 0.4 * (1 - t));
  }
  // Wave crests: rows of light arcs, closer together near the horizon.
  for (let k = 1; k < 14; k++) {
    const t = (k / 14) ** 1.7;
    const y0 = horizon + t * (r.h - horizon);
    const amp = r.h * 0.004 + t * r.h * 0.025;
    const len = r.w * (0.05 + t * 0.25);
    const phase = rand() * 10;
    const top = curve(r, (x) => y0 + amp * Math.sin((x / len) * Math.PI * 2 + phase) + amp * 0.5 * Math.sin((x / len) * 5.1 + phase * 2));
    const bottom = curve(r, (x) => (top[x] as number) + Math.max(1.2, amp * 0.5));
    fillBelow(r, top, mix(haze, [255, 255, 255], 0.4), 0.18 + t * 0.3, bottom);
  }
  if (/lighthouse|cliff/i.test(ctx.prompt)) {
    const left = rand() < 0.5;
    const cx = left ? r.w * 0.16 : r.w * 0.84;
    const cliffTop = horizon - r.h * 0.04;
    const edge = curve(r, (x) => {
      const d = left ? x - cx : cx - x;
      return d < r.w * 0.06 ? cliffTop + Math.max(0, d) * 0.1 : cliffTop + (d - r.w * 0.06) * 1.6;
    });
    fillBelow(r, edge, hsl(30, 0.15, 0.1));
    const th = r.h * 0.26;
    const tw = r.m * 0.045;
    fillPolygon(r, [cx - tw, cliffTop, cx + tw, cliffTop, cx + tw * 0.65, cliffTop - th, cx - tw * 0.65, cliffTop - th], [236, 232, 224]);
    for (let s = 1; s < 4; s += 2)
      fillRect(r, cx - tw, cliffTop - (th * s) / 4, cx + tw, cliffTop - (th * (s + 1)) / 4 + 1, [190, 40, 40], 0.9);
    glow(r, cx, cliffTop - th - tw, r.m * 0.25, [255, 240, 190], 0.6);
    fillRect(r, cx - tw * 0.7, cliffTop - th - tw * 1.2, cx + tw * 0.7, cliffTop - th, [255, 246, 200]);
    fillPolygon(r, [cx - tw, cliffTop - th - tw * 1.2, cx + tw, cliffTop - th - tw * 1.2, cx, cliffTop - th - tw * 2.2], [40, 30, 30]);
  } else if (rand() < 0.5) {
    // A beach with a line of foam.
    const sand = curve(r, (x) => r.h * 0.86 + Math.sin(x / (r.w * 0.3) + rand()) * r.h * 0.05);
    const foam = curve(r, (x) => (sand[x] as number) - r.h * 0.012);
    fillBelow(r, foam, [250, 250, 245], 0.75);
    fillBelow(r, sand, time === 'night' ? hsl(35, 0.2, 0.25) : hsl(38, 0.5, 0.72));
  }
};

function tree(r: Raster, rand: () => number, x: number, ground: number, size: number, leaf: Rgb, dark: Rgb): void {
  if (rand() < 0.45) {
    // Conifer: stacked triangles.
    line(r, x, ground, x, ground - size * 0.3, size * 0.08, dark);
    for (let k = 0; k < 3; k++) {
      const y = ground - size * (0.2 + k * 0.27);
      const half = size * (0.32 - k * 0.07);
      fillPolygon(r, [x - half, y, x + half, y, x, y - size * 0.42], mix(leaf, dark, 0.35 - k * 0.1));
    }
  } else {
    line(r, x, ground, x, ground - size * 0.55, size * 0.07, dark);
    for (let k = 0; k < 4; k++) {
      const cx = x + (rand() - 0.5) * size * 0.4;
      const cy = ground - size * (0.6 + rand() * 0.3);
      const rad = size * (0.2 + rand() * 0.1);
      // Shaded by two flat discs (dark, then a lit one up and left): a per-pixel shade costs 10x more here.
      fillCircle(r, cx, cy, rad, mix(leaf, dark, 0.3));
      fillCircle(r, cx - rad * 0.2, cy - rad * 0.22, rad * 0.72, mix(leaf, [255, 255, 220], 0.18), 0.85, rad * 0.2);
    }
  }
}

function foliageHue(prompt: string): number {
  if (/autumn|fall|maple/i.test(prompt)) return 28;
  if (/blossom|cherry|pink/i.test(prompt)) return 335;
  if (/lavender|purple/i.test(prompt)) return 270;
  return 105;
}

/** Rolling hills, trees, a meadow of flowers. */
export const nature: Scene = (r, ctx) => {
  const { rand } = ctx;
  const time = timeOf(ctx, ['day', 'day', 'dusk']);
  const horizon = r.h * between(rand, 0.5, 0.6);
  const haze = sky(r, ctx, time, horizon + r.h * 0.2, r.w * between(rand, 0.1, 0.9), r.h * between(rand, 0.1, 0.3));
  if (time === 'day') {
    for (let k = 0; k < 5; k++) {
      const cx = rand() * r.w;
      const cy = r.h * between(rand, 0.08, 0.3);
      for (let p = 0; p < 4; p++)
        fillEllipse(r, cx + (p - 1.5) * r.m * 0.06, cy + (p % 2) * r.m * 0.02, r.m * 0.08, r.m * 0.04, [255, 255, 255], 0.5, 0, r.m * 0.02);
    }
  }
  const hue = foliageHue(ctx.prompt);
  const grass = time === 'night' ? hsl(130, 0.3, 0.12) : hsl(100 + between(rand, -10, 15), 0.55, 0.36);
  const dark: Rgb = time === 'night' ? [10, 18, 14] : hsl(120, 0.4, 0.12);
  for (let i = 0; i < 3; i++) {
    const t = i / 2;
    const base = horizon + r.h * 0.12 * i;
    const f1 = between(rand, 0.8, 1.6);
    const p1 = rand() * 6;
    const edge = curve(r, (x) => base + Math.sin((x / r.w) * Math.PI * f1 + p1) * r.h * 0.06 + Math.sin((x / r.w) * 9 + p1) * r.h * 0.01);
    const colour = mix(mix(haze, grass, 0.45), grass, t);
    fillBelow(r, edge, (y) => mix(colour, dark, Math.min(0.5, (y - base) / r.h)));
    const count = Math.round((3 + rand() * 4) * (r.w / r.h));
    for (let k = 0; k < count; k++) {
      const x = rand() * r.w;
      if (i === 2 && Math.abs(x - r.w / 2) < r.w * 0.12) continue;
      const size = r.m * (0.1 + 0.13 * i) * (0.7 + rand() * 0.6);
      const leaf = time === 'night' ? hsl(hue, 0.25, 0.15) : mix(hsl(hue + between(rand, -12, 12), 0.55, 0.38), haze, 0.35 * (1 - t));
      tree(r, rand, x, (edge[Math.floor(x)] as number) + size * 0.05, size, leaf, mix(dark, haze, 0.3 * (1 - t)));
    }
  }
  // Meadow flowers, denser and larger towards the viewer.
  const petals: Rgb[] = [hsl(50, 0.95, 0.62), [250, 250, 245], hsl(330, 0.75, 0.7), hsl(275, 0.55, 0.65), hsl(hue, 0.8, 0.6)];
  for (let k = 0; k < 500; k++) {
    const t = rand() ** 0.7;
    const y = r.h * (0.82 + 0.18 * t);
    fillCircle(r, rand() * r.w, y, r.m * (0.003 + 0.006 * t), petals[Math.floor(rand() * petals.length)] as Rgb, 0.9);
  }
};

/** Dusk over peaks, a winding trail, a glowing tent and a campfire. */
export const adventures: Scene = (r, ctx) => {
  const { rand } = ctx;
  const horizon = r.h * between(rand, 0.55, 0.68);
  const shift = between(rand, -30, 20);
  verticalGradient(
    r,
    [hsl(230 + shift, 0.5, 0.12), hsl(265 + shift, 0.4, 0.3), hsl(330 + shift, 0.45, 0.5), hsl(28 + shift / 2, 0.9, 0.62)],
    0,
    horizon,
  );
  stars(r, rand, 0.0003, horizon * 0.45);
  const sunX = r.w * between(rand, 0.3, 0.7);
  glow(r, sunX, horizon, r.m * 0.5, [255, 190, 120], 0.5);
  for (let i = 0; i < 2; i++) {
    const amp = r.h * (0.4 - 0.15 * i);
    const edge = peaks(r, rand, horizon + r.h * 0.04 * i, amp, 1 + Math.round((r.w / r.h) * (1.2 + i)));
    const colour = i === 0 ? hsl(260 + shift, 0.3, 0.3) : hsl(250 + shift, 0.35, 0.17);
    fillBelow(r, edge, colour);
    if (i === 0) {
      const line0 = horizon - amp * 0.7;
      const bottom = curve(r, (x) => Math.max(edge[x] as number, line0));
      fillBelow(r, edge, hsl(330, 0.35, 0.78), 0.85, bottom);
    }
  }
  const ground = curve(r, (x) => horizon + r.h * 0.05 + Math.sin(x / (r.w * 0.2)) * r.h * 0.02);
  fillBelow(r, ground, (y) => mix(hsl(250, 0.3, 0.14), hsl(240, 0.35, 0.06), (y - horizon) / (r.h - horizon)));
  // The trail: a band that winds from the bottom to a vanishing point, narrowing with distance.
  const vx = r.w * between(rand, 0.35, 0.65);
  const sway = r.w * between(rand, 0.08, 0.16);
  const top = horizon + r.h * 0.06;
  const pts: number[] = [];
  const back: number[] = [];
  for (let k = 0; k <= 40; k++) {
    const t = k / 40;
    const y = top + (r.h - top) * t;
    const cx = vx + Math.sin(t * 5 + 1) * sway * t;
    const half = r.w * (0.004 + 0.09 * t * t);
    pts.push(cx - half, y);
    back.unshift(cx + half, y);
  }
  fillPolygon(r, [...pts, ...back], hsl(30, 0.4, 0.42));
  // Tent beside the trail, lit from inside.
  const side = rand() < 0.5 ? -1 : 1;
  const tx = vx + side * r.w * between(rand, 0.18, 0.28);
  const ty = r.h * 0.86;
  const tw = r.m * 0.2;
  glow(r, tx, ty - tw * 0.3, r.m * 0.45, [255, 170, 80], 0.45);
  fillPolygon(r, [tx - tw, ty, tx + tw, ty, tx + tw * 0.1, ty - tw * 0.85, tx - tw * 0.1, ty - tw * 0.85], hsl(32, 0.95, 0.55));
  fillPolygon(r, [tx - tw * 0.25, ty, tx + tw * 0.25, ty, tx, ty - tw * 0.6], [255, 236, 170]);
  // Campfire.
  const fx = tx - side * tw * 1.5;
  glow(r, fx, ty - tw * 0.1, r.m * 0.2, [255, 140, 40], 0.7);
  for (let k = 0; k < 3; k++)
    fillEllipse(
      r,
      fx + (k - 1) * tw * 0.07,
      ty - tw * 0.12,
      tw * 0.06,
      tw * (0.16 - Math.abs(k - 1) * 0.05),
      hsl(20 + k * 15, 1, 0.58),
      0.95,
    );
};

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
  quadruped(r, kind, x0, horizon + r.h * 0.01, s, dir, c);
  if (rand() < 0.7) quadruped(r, kind, x0 - dir * s * 3.2, horizon + r.h * 0.012, s * 0.65, dir, c);
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
  fillRect(r, cx - 2.6 * s, hillTop - 1.6 * s, cx + 2.5 * s, hillTop + s, dark);
  for (let k = -2.6; k < 2.5; k += 0.4) fillRect(r, cx + k * s, hillTop - 1.85 * s, cx + (k + 0.22) * s, hillTop - 1.5 * s, dark);
  for (const t of towers) {
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

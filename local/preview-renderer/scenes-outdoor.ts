/** Landscape scenes: mountains, seascape, nature, adventures (and the sky they share). */

import { stars } from './effects';
import { between, type Scene, type SceneContext, skyStops, timeOf } from './palette';
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
  ridge,
  verticalGradient,
} from './raster';

/** Sky down to `horizon`, with sun or moon; returns the sky's colour at the horizon. */
export function sky(r: Raster, ctx: SceneContext, time: 'night' | 'dusk' | 'day', horizon: number, sunX: number, sunY: number): Rgb {
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
    // The tower stands in only when the prompt names no subject (compose.ts draws a named lighthouse).
    if (!ctx.figures) {
      fillPolygon(r, [cx - tw, cliffTop, cx + tw, cliffTop, cx + tw * 0.65, cliffTop - th, cx - tw * 0.65, cliffTop - th], [236, 232, 224]);
      for (let s = 1; s < 4; s += 2)
        fillRect(r, cx - tw, cliffTop - (th * s) / 4, cx + tw, cliffTop - (th * (s + 1)) / 4 + 1, [190, 40, 40], 0.9);
      glow(r, cx, cliffTop - th - tw, r.m * 0.25, [255, 240, 190], 0.6);
      fillRect(r, cx - tw * 0.7, cliffTop - th - tw * 1.2, cx + tw * 0.7, cliffTop - th, [255, 246, 200]);
      fillPolygon(r, [cx - tw, cliffTop - th - tw * 1.2, cx + tw, cliffTop - th - tw * 1.2, cx, cliffTop - th - tw * 2.2], [40, 30, 30]);
    }
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

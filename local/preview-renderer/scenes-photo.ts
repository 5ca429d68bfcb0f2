/** Scenes with a photograph's look: vintage print, healthy still life, photography (bokeh portrait). */
import { oldPrint, smoothField, valueNoise, vignette } from './effects';
import { between, type Scene, type SceneContext } from './palette';
import { fillCircle, fillEllipse, fillPolygon, fillRect, glow, hsl, line, mix, type Raster, type Rgb, verticalGradient } from './raster';

/** An old street at sunset, toned sepia, with vignette, grain, scratches and a print border. */
export const vintage: Scene = (r, ctx) => {
  const { rand } = ctx;
  const horizon = r.h * between(rand, 0.56, 0.68);
  verticalGradient(r, [hsl(between(rand, 190, 230), 0.35, 0.6), [230, 200, 160]], 0, horizon);
  glow(r, r.w * between(rand, 0.3, 0.7), horizon * 0.6, r.m * 0.5, [255, 240, 200], 0.6);
  const face: Rgb[] = [
    [120, 80, 60],
    [150, 120, 90],
    [90, 70, 60],
    [170, 140, 110],
  ];
  for (let x = 0; x < r.w; ) {
    const bw = r.w * between(rand, 0.08, 0.14);
    const bh = r.h * between(rand, 0.22, 0.42);
    const top = horizon - bh;
    const c = face[Math.floor(rand() * face.length)] as Rgb;
    fillRect(r, x, top, x + bw, horizon, c);
    fillPolygon(r, [x - bw * 0.05, top, x + bw * 1.05, top, x + bw / 2, top - bw * 0.35], mix(c, [40, 30, 30], 0.4));
    for (let wy = top + bh * 0.15; wy < horizon - bh * 0.2; wy += bh * 0.3)
      for (let wx = x + bw * 0.15; wx < x + bw * 0.8; wx += bw * 0.3) fillRect(r, wx, wy, wx + bw * 0.16, wy + bh * 0.15, [60, 50, 45]);
    x += bw;
  }
  verticalGradient(
    r,
    [
      [110, 100, 90],
      [60, 55, 50],
    ],
    horizon,
    r.h,
  );
  // Street lamps receding, a car silhouette.
  for (let k = 0; k < 3; k++) {
    const lx = r.w * (0.15 + 0.3 * k) + between(rand, -0.05, 0.05) * r.w;
    const base = horizon + r.h * (0.2 - 0.05 * k);
    const lh = r.h * (0.45 - 0.08 * k);
    line(r, lx, base, lx, base - lh, r.m * 0.01, [30, 25, 25]);
    glow(r, lx, base - lh, r.m * 0.12, [255, 230, 170], 0.55);
    fillCircle(r, lx, base - lh, r.m * 0.018, [255, 245, 210]);
  }
  const cx = r.w * between(rand, 0.3, 0.7);
  const cy = r.h * 0.88;
  const cs = r.m * 0.12;
  // The car stands in only when the prompt names no subject; with subjects the old-print look waits
  // until compose.ts has drawn them (draw.ts calls vintageFinish), so they age with the street.
  if (ctx.figures) return;
  fillEllipse(r, cx, cy - cs * 0.35, cs * 1.8, cs * 0.4, [35, 30, 30]);
  fillEllipse(r, cx - cs * 0.1, cy - cs * 0.75, cs * 0.9, cs * 0.4, [35, 30, 30]);
  fillCircle(r, cx - cs * 1.1, cy, cs * 0.3, [20, 18, 18]);
  fillCircle(r, cx + cs * 1.1, cy, cs * 0.3, [20, 18, 18]);
  vintageFinish(r, ctx);
};

/** A bowl of fruit among fresh leaves on a light table. */
export const healthy: Scene = (r, ctx) => {
  const { rand } = ctx;
  const table = r.h * between(rand, 0.55, 0.65);
  const wall = between(rand, 40, 170);
  verticalGradient(r, [hsl(wall, 0.35, 0.88), hsl(wall - 20, 0.4, 0.93)], 0, table);
  glow(r, r.w * between(rand, 0.1, 0.9), 0, r.m * 1.1, [255, 252, 230], 0.6);
  const wood = between(rand, 25, 40);
  const woodL = between(rand, 0.6, 0.8);
  verticalGradient(r, [hsl(wood, 0.45, woodL), hsl(wood - 5, 0.4, woodL - 0.12)], table, r.h);
  for (let k = 0; k < 14; k++) {
    const y = table + rand() * (r.h - table);
    fillRect(r, 0, y, r.w, y + Math.max(1, r.h * 0.0015), hsl(30, 0.35, 0.6), 0.3);
  }
  const leafAt = (x: number, y: number, s: number, a: number) => {
    const c = hsl(between(rand, 95, 135), 0.6, between(rand, 0.32, 0.48));
    fillEllipse(r, x, y, s, s * 0.38, (_u, v) => mix(c, [255, 255, 255], Math.max(0, -v) * 0.2), 1, a);
    line(
      r,
      x - Math.cos(a) * s * 0.9,
      y - Math.sin(a) * s * 0.9,
      x + Math.cos(a) * s * 0.9,
      y + Math.sin(a) * s * 0.9,
      Math.max(1, s * 0.04),
      mix(c, [255, 255, 255], 0.35),
    );
  };
  for (let k = 0; k < 9; k++) leafAt(rand() * r.w, table + rand() * (r.h - table), r.m * between(rand, 0.05, 0.09), rand() * Math.PI);
  // The bowl of fruit stands in only when the prompt names no subject (compose.ts draws those on the table).
  if (ctx.figures) return;
  const bx = r.w * between(rand, 0.4, 0.6);
  const rim = table + (r.h - table) * 0.25;
  const bw = r.m * 0.42;
  const fruit = (x: number, y: number, s: number, hue: number) => {
    fillCircle(r, x, y, s, (u, v) => mix(hsl(hue, 0.85, 0.62), hsl(hue, 0.8, 0.3), Math.min(1, Math.max(0, (u + v + 1) / 2.4))));
    fillCircle(r, x - s * 0.35, y - s * 0.35, s * 0.18, [255, 255, 255], 0.45, s * 0.1);
  };
  // Leaves behind the fruit, then the fruit piled in the bowl.
  for (let k = 0; k < 3; k++) leafAt(bx + (k - 1) * bw * 0.5, rim - bw * 0.45, r.m * 0.1, -0.6 + k * 0.6);
  const fruitHues = [28, 4, 52, 95, 345];
  const pile = [
    [-0.55, -0.05, 0.26],
    [0.5, -0.05, 0.25],
    [-0.05, -0.12, 0.28],
    [-0.3, -0.42, 0.24],
    [0.25, -0.4, 0.23],
  ] as const;
  for (const [dx, dy, s] of pile)
    fruit(bx + dx * bw, rim + dy * bw, s * bw, (fruitHues[Math.floor(rand() * fruitHues.length)] as number) + between(rand, -5, 5));
  for (let k = 0; k < 6; k++)
    fillCircle(r, bx + between(rand, -0.5, 0.5) * bw, rim - bw * between(rand, 0.05, 0.2), bw * 0.06, hsl(240, 0.5, 0.28));
  const pts: number[] = [];
  for (let k = 0; k <= 24; k++) {
    const a = (k / 24) * Math.PI;
    pts.push(bx + Math.cos(a) * bw, rim + Math.sin(a) * bw * 0.62);
  }
  const bowl = hsl(between(rand, 0, 360), 0.25, 0.92);
  fillPolygon(r, pts, bowl);
  fillEllipse(r, bx, rim, bw, bw * 0.06, mix(bowl, [120, 110, 100], 0.15));
  fillEllipse(r, bx - bw * 0.35, rim + bw * 0.25, bw * 0.3, bw * 0.12, [255, 255, 255], 0.5, 0, bw * 0.05);
  // A lemon slice.
  const lx = bx + (rand() < 0.5 ? -1 : 1) * bw * 1.5;
  const ly = table + (r.h - table) * 0.65;
  const ls = r.m * 0.07;
  fillCircle(r, lx, ly, ls, hsl(55, 0.9, 0.55));
  fillCircle(r, lx, ly, ls * 0.85, hsl(55, 0.85, 0.78));
  for (let k = 0; k < 8; k++)
    line(
      r,
      lx,
      ly,
      lx + Math.cos((k * Math.PI) / 4) * ls * 0.85,
      ly + Math.sin((k * Math.PI) / 4) * ls * 0.85,
      Math.max(1, ls * 0.05),
      [255, 250, 220],
    );
};

/** A photograph's look: blurred lights (bokeh) behind a rim-lit portrait silhouette. */
export const photography: Scene = (r, ctx) => {
  const { rand } = ctx;
  // Warm street lights, or neon city night, or the prompt's own colour.
  const warm = ctx.named[0] ?? (rand() < 0.65 ? between(rand, 20, 45) : between(rand, 300, 340));
  const cool = warm + between(rand, 150, 190);
  // Golden-hour pictures are lighter than night ones.
  const bright = ctx.time === 'dusk' || ctx.time === 'day' || rand() < 0.25 ? 0.2 : 0;
  const noise = valueNoise(ctx.noiseSeed);
  smoothField(r, 8, (x, y, out) => {
    const n = noise((x / r.m) * 2, (y / r.m) * 2);
    const c = mix(hsl(cool, 0.4, 0.08 + bright * 0.5), hsl(warm, 0.55, 0.22 + bright), n * 0.7 + (x / r.w) * 0.3);
    out[0] = c[0];
    out[1] = c[1];
    out[2] = c[2];
  });
  for (let k = 0; k < 45; k++) {
    const rad = r.m * between(rand, 0.025, 0.09);
    const c = hsl(rand() < 0.7 ? warm + between(rand, -15, 15) : cool, 0.8, between(rand, 0.55, 0.75));
    fillCircle(r, rand() * r.w, rand() * r.h, rad, c, between(rand, 0.15, 0.45), rad * 0.12);
  }
  const left = rand() < 0.5;
  const x = r.w * (left ? between(rand, 0.28, 0.42) : between(rand, 0.58, 0.72));
  const hr = Math.min(r.h * between(rand, 0.14, 0.2), r.w * 0.2);
  const hy = r.h * between(rand, 0.36, 0.48);
  const rim = hsl(warm, 0.9, 0.7);
  const body: Rgb = [10, 8, 10];
  const off = (left ? 1 : -1) * hr * 0.06;
  const figure = (dx: number, c: Rgb) => {
    // Shoulders below the head whatever the ratio, the body down to the bottom edge.
    const sy = hy + hr * 2.7;
    fillEllipse(r, x + dx, sy, hr * 2.4, hr * 1.5, c);
    fillRect(r, x + dx - hr * 2.4, sy, x + dx + hr * 2.4, r.h, c);
    fillRect(r, x + dx - hr * 0.38, hy + hr * 0.5, x + dx + hr * 0.38, sy, c);
    fillEllipse(r, x + dx, hy, hr * 0.8, hr, c);
  };
  // The portrait stands in for a subject only when the prompt names none (compose.ts draws those).
  if (!ctx.figures) {
    glow(r, x + off * 3, hy, hr * 3, rim, 0.25);
    figure(off, rim);
    figure(0, body);
  }
  vignette(r, 0.6);
};

/** Sepia or a faded print that keeps some of its colour, with a few scratches and a paper border. */
export function vintageFinish(r: Raster, ctx: SceneContext): void {
  const { rand } = ctx;
  oldPrint(r, rand() < 0.6 ? 0.05 : 0.35, 0.9, ctx.noiseSeed, 6);
  for (let k = 0; k < 6; k++) {
    const x = rand() * r.w;
    line(r, x, 0, x + between(rand, -0.01, 0.01) * r.w, r.h, Math.max(1, r.m * 0.0015), [240, 225, 200], between(rand, 0.1, 0.3));
  }
  const b = Math.max(2, Math.round(r.m * 0.03));
  const paper: Rgb = [238, 228, 205];
  fillRect(r, 0, 0, r.w, b, paper);
  fillRect(r, 0, r.h - b, r.w, r.h, paper);
  fillRect(r, 0, 0, b, r.h, paper);
  fillRect(r, r.w - b, 0, r.w, r.h, paper);
}

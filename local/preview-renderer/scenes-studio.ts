/** Scenes of shapes and structures: space, architecture, colorful, abstract, minimal, and the default. */

import { smoothField, stars, valueNoise } from './effects';
import { between, type Scene, skyStops, timeOf } from './palette';
import { curve, fillBelow, fillCircle, fillPolygon, fillRect, glow, hsl, line, mix, type Rgb, ramp, verticalGradient } from './raster';

/** A nebula over deep space, a starfield, and a shaded planet (sometimes ringed). */
export const space: Scene = (r, ctx) => {
  const { rand } = ctx;
  const named = ctx.named;
  const hueA = named[0] ?? between(rand, 260, 330);
  const hueB = named[1] ?? hueA + between(rand, 120, 180);
  const colA = hsl(hueA, 0.8, 0.5);
  const colB = hsl(hueB, 0.75, 0.45);
  const noise = valueNoise(ctx.noiseSeed);
  const noise2 = valueNoise(ctx.noiseSeed ^ 0x5bd1e995);
  const ncx = r.w * between(rand, 0.25, 0.75);
  const ncy = r.h * between(rand, 0.3, 0.7);
  const nr = Math.max(r.w, r.h) * 0.55;
  const f = 3.2 / r.m;
  smoothField(r, 4, (x, y, out) => {
    // Octaves rotated against each other, so value noise's square lattice does not show.
    const fbm =
      noise(x * f, y * f) * 0.5 +
      noise((x * 0.8 - y * 0.6) * f * 2.1, (x * 0.6 + y * 0.8) * f * 2.1) * 0.28 +
      noise((x * 0.28 + y * 0.96) * f * 4.3, (y * 0.28 - x * 0.96) * f * 4.3) * 0.14 +
      noise((x * 0.6 - y * 0.8) * f * 8.7, (x * 0.8 + y * 0.6) * f * 8.7) * 0.08;
    const d = ((x - ncx) ** 2 + (y - ncy) ** 2) / (nr * nr);
    const v = Math.min(1, Math.max(0, (fbm - 0.32 - d * 0.45) / 0.5));
    const k = v * v * (3 - 2 * v);
    const tint = mix(colA, colB, noise2(x * f * 1.5, y * f * 1.5));
    const core = k * k * k * 0.45;
    out[0] = 4 + tint[0] * k + 255 * core;
    out[1] = 5 + tint[1] * k + 235 * core;
    out[2] = 14 + tint[2] * k + 255 * core;
  });
  stars(r, rand, 0.0009);
  const pr = r.m * between(rand, 0.16, 0.3);
  const px = rand() < 0.5 ? r.w * between(rand, 0.12, 0.3) : r.w * between(rand, 0.7, 0.88);
  const py = r.h * between(rand, 0.55, 0.8);
  const planet = hsl(named[2] ?? between(rand, 0, 360), 0.5, 0.5);
  const light = { x: -0.6, y: -0.5 };
  const ringed = /ring/i.test(ctx.prompt) || rand() < 0.45;
  const tilt = between(rand, -0.35, 0.35);
  const ring = (front: boolean) => {
    for (let k = 0; k < 120; k++) {
      const a0 = (k / 120) * Math.PI * 2;
      const a1 = ((k + 1) / 120) * Math.PI * 2;
      if (Math.sin(a0) > 0 !== front) continue;
      const pt = (a: number, s: number) => {
        const ex = Math.cos(a) * pr * s;
        const ey = Math.sin(a) * pr * s * 0.28;
        return [px + ex * Math.cos(tilt) - ey * Math.sin(tilt), py + ex * Math.sin(tilt) + ey * Math.cos(tilt)] as const;
      };
      for (const [s, width, alpha] of [
        [1.6, pr * 0.08, 0.55],
        [1.85, pr * 0.04, 0.4],
      ] as const) {
        const [x0, y0] = pt(a0, s);
        const [x1, y1] = pt(a1, s);
        line(r, x0, y0, x1, y1, width, mix(planet, [255, 245, 225], 0.5), alpha);
      }
    }
  };
  if (ringed) ring(false);
  glow(r, px, py, pr * 1.35, mix(planet, [170, 200, 255], 0.5), 0.35);
  fillCircle(r, px, py, pr, (u, v) => {
    const z = Math.sqrt(Math.max(0, 1 - u * u - v * v));
    const lit = Math.max(0, u * light.x + v * light.y + z * 0.6);
    const band = 0.85 + 0.15 * Math.sin(v * 14 + u * 2);
    return mix([4, 4, 10], mix(planet, [255, 255, 255], lit * 0.25), Math.min(1, lit * band * 1.1));
  });
  if (ringed) ring(true);
};

/** A skyline of geometric facades with window grids, lit at dusk. */
export const architecture: Scene = (r, ctx) => {
  const { rand } = ctx;
  const time = timeOf(ctx, ['day', 'dusk', 'dusk']);
  const ground = r.h * 0.9;
  verticalGradient(r, skyStops(time, between(rand, -10, 10), hsl), 0, ground);
  if (time !== 'day') glow(r, r.w * between(rand, 0.2, 0.8), ground, r.m * 0.8, [255, 180, 120], time === 'dusk' ? 0.35 : 0.1);
  // Far skyline: flat hazy blocks.
  const haze = time === 'day' ? hsl(210, 0.25, 0.72) : hsl(260, 0.25, 0.4);
  for (let x = 0; x < r.w; ) {
    const bw = r.w * between(rand, 0.03, 0.07);
    const bh = r.h * between(rand, 0.25, 0.55);
    fillRect(r, x, ground - bh, x + bw, ground, haze);
    if (rand() < 0.2) line(r, x + bw / 2, ground - bh, x + bw / 2, ground - bh - r.h * 0.08, r.m * 0.006, haze);
    x += bw;
  }
  // Near buildings.
  const lit: Rgb = [255, 214, 140];
  for (let x = -r.w * 0.02; x < r.w; ) {
    const bw = r.w * between(rand, 0.08, 0.16);
    const bh = r.h * between(rand, 0.35, 0.8);
    const top = ground - bh;
    const hue = between(rand, 190, 230);
    const face = time === 'day' ? hsl(hue, 0.15, between(rand, 0.45, 0.75)) : hsl(hue + 30, 0.25, between(rand, 0.12, 0.22));
    const glass = rand() < 0.35;
    fillRect(r, x, top, x + bw, ground, face);
    const style = rand();
    if (style < 0.25) {
      fillPolygon(r, [x, top, x + bw, top, x + bw / 2, top - bw * 0.5], face);
    } else if (style < 0.5) {
      fillRect(r, x + bw * 0.15, top - bh * 0.08, x + bw * 0.85, top, face);
      fillRect(r, x + bw * 0.32, top - bh * 0.16, x + bw * 0.68, top - bh * 0.08, face);
      line(r, x + bw / 2, top - bh * 0.16, x + bw / 2, top - bh * 0.26, r.m * 0.006, face);
    }
    if (glass) {
      // Curtain wall: vertical mullions over a sky reflection.
      for (let y = top; y < ground; y += 2) {
        const t = (y - top) / bh;
        fillRect(
          r,
          x + bw * 0.06,
          y,
          x + bw * 0.94,
          y + 2,
          mix(time === 'day' ? hsl(205, 0.55, 0.7) : hsl(250, 0.35, 0.35), face, t * 0.6),
          0.9,
        );
      }
      for (let mx = x + bw * 0.06; mx < x + bw * 0.94; mx += bw * 0.11)
        fillRect(r, mx, top, mx + Math.max(1, bw * 0.012), ground, face, 0.8);
    } else {
      const cols = 3 + Math.floor(rand() * 4);
      const cw = (bw * 0.8) / cols;
      const rh = cw * between(rand, 1.1, 1.8);
      for (let y = top + rh * 0.5; y + rh * 0.7 < ground; y += rh) {
        for (let c = 0; c < cols; c++) {
          const wx = x + bw * 0.1 + c * cw;
          const on = time === 'day' ? hsl(210, 0.3, 0.3 + rand() * 0.15) : rand() < 0.55 ? lit : hsl(240, 0.2, 0.1);
          fillRect(r, wx + cw * 0.18, y, wx + cw * 0.82, y + rh * 0.62, on);
        }
      }
    }
    x += bw + r.w * between(rand, 0, 0.015);
  }
  fillRect(r, 0, ground, r.w, r.h, time === 'day' ? hsl(220, 0.1, 0.3) : hsl(240, 0.2, 0.08));
};

/** Bold colour fields: angled bands, big discs and rings, confetti. */
export const colorful: Scene = (r, ctx) => {
  const { rand } = ctx;
  const base = ctx.named[0] ?? rand() * 360;
  const hues = [base, base + 60, base + 150, base + 210, base + 300, ...ctx.named.slice(1)];
  const pick = () => hsl((hues[Math.floor(rand() * hues.length)] as number) + between(rand, -10, 10), 0.9, between(rand, 0.5, 0.62));
  verticalGradient(r, [pick(), pick()]);
  const bands = 3 + Math.floor(rand() * 3);
  for (let k = 0; k < bands; k++) {
    const x = r.w * (k / bands) + between(rand, -0.05, 0.05) * r.w;
    const lean = r.w * between(rand, 0.1, 0.3);
    const bw = r.w * between(rand, 0.12, 0.3);
    fillPolygon(r, [x, 0, x + bw, 0, x + bw - lean, r.h, x - lean, r.h], pick(), 0.9);
  }
  for (let k = 0; k < 4; k++) {
    const cx = rand() * r.w;
    const cy = rand() * r.h;
    const rad = r.m * between(rand, 0.12, 0.3);
    fillCircle(r, cx, cy, rad, pick());
    if (rand() < 0.6) fillCircle(r, cx, cy, rad * 0.62, pick());
    if (rand() < 0.4) fillCircle(r, cx, cy, rad * 0.3, pick());
  }
  for (let k = 0; k < 70; k++) {
    const x = rand() * r.w;
    const y = rand() * r.h;
    const s = r.m * between(rand, 0.008, 0.022);
    if (rand() < 0.5) fillCircle(r, x, y, s, pick());
    else fillPolygon(r, [x, y - s, x + s, y + s, x - s, y + s], pick());
  }
};

/** Flowing ribbons over a soft gradient field. */
export const abstract: Scene = (r, ctx) => {
  const { rand } = ctx;
  const h0 = ctx.hues[0] ?? 0;
  const h1 = ctx.hues[1] ?? h0 + 40;
  const dark = rand() < 0.5;
  const bgA = hsl(h0, 0.5, dark ? 0.1 : 0.88);
  const bgB = hsl(h1, 0.5, dark ? 0.25 : 0.72);
  smoothField(r, 8, (x, y, out) => {
    const c = mix(bgA, bgB, (x / r.w) * 0.6 + (y / r.h) * 0.4);
    out[0] = c[0];
    out[1] = c[1];
    out[2] = c[2];
  });
  fillCircle(
    r,
    r.w * between(rand, 0.2, 0.8),
    r.h * between(rand, 0.2, 0.8),
    r.m * 0.35,
    hsl(ctx.hues[2] ?? h0, 0.7, dark ? 0.35 : 0.7),
    0.5,
    r.m * 0.15,
  );
  const ribbons = 5 + Math.floor(rand() * 3);
  for (let k = 0; k < ribbons; k++) {
    const hue = (ctx.hues[k % ctx.hues.length] ?? 0) + between(rand, -15, 15);
    const base = r.h * (0.1 + (0.85 * k) / ribbons) + between(rand, -0.05, 0.05) * r.h;
    const a1 = r.h * between(rand, 0.1, 0.25);
    const f1 = between(rand, 0.8, 2.2) * Math.PI * 2;
    const p1 = rand() * 6;
    const thick = r.h * between(rand, 0.05, 0.14);
    const top = curve(r, (x) => base + a1 * Math.sin((x / r.w) * f1 + p1) + a1 * 0.35 * Math.sin((x / r.w) * f1 * 2.3 + p1 * 1.7));
    const bottom = curve(r, (x) => (top[x] as number) + thick * (0.6 + 0.4 * Math.sin((x / r.w) * 4 + p1)));
    const colour = hsl(hue, 0.75, dark ? between(rand, 0.45, 0.6) : between(rand, 0.45, 0.65));
    fillBelow(r, top, (y) => mix(colour, [255, 255, 255], Math.max(0, 0.35 - (y - base + a1) / (r.h * 2))), 0.78, bottom);
    const hi = curve(r, (x) => (top[x] as number) + Math.max(1.5, thick * 0.06));
    fillBelow(r, top, [255, 255, 255], 0.45, hi);
  }
};

/** One small shape on a large calm field. */
export const minimal: Scene = (r, ctx) => {
  const { rand } = ctx;
  const hue = ctx.named.find((h) => h !== 0) ?? between(rand, 0, 360);
  const field = hsl(hue + between(rand, -20, 20), between(rand, 0.12, 0.3), between(rand, 0.82, 0.9));
  const horizon = r.h * between(rand, 0.6, 0.72);
  const lower = mix(field, [60, 60, 70], 0.08);
  verticalGradient(r, [mix(field, [255, 255, 255], 0.2), field], 0, horizon);
  if (rand() < 0.7) verticalGradient(r, [lower, mix(lower, [60, 60, 70], 0.05)], horizon, r.h);
  else verticalGradient(r, [field, mix(field, [255, 255, 255], 0.1)], horizon, r.h);
  const x = r.w * (rand() < 0.5 ? 1 / 3 : 2 / 3) + between(rand, -0.04, 0.04) * r.w;
  const accent = ctx.named[0] !== undefined ? hsl(ctx.named[0], 0.75, 0.48) : hsl(hue + 180, 0.6, 0.4);
  const s = r.m * between(rand, 0.045, 0.07);
  const kind = /tree/i.test(ctx.prompt)
    ? 1
    : /boat/i.test(ctx.prompt)
      ? 2
      : /balloon|moon|sun/i.test(ctx.prompt)
        ? 0
        : Math.floor(rand() * 3);
  if (kind === 0) fillCircle(r, x, r.h * between(rand, 0.25, 0.4), s, accent);
  else if (kind === 1) {
    line(r, x, horizon, x, horizon - s * 1.6, s * 0.18, [50, 45, 45]);
    fillCircle(r, x, horizon - s * 2, s * 0.9, mix(accent, [40, 60, 40], 0.4));
  } else {
    fillPolygon(
      r,
      [x - s * 1.2, horizon - s * 0.1, x + s * 1.2, horizon - s * 0.1, x + s * 0.8, horizon + s * 0.3, x - s * 0.8, horizon + s * 0.3],
      [45, 45, 50],
    );
    fillPolygon(r, [x, horizon - s * 0.2, x, horizon - s * 1.8, x + s * 0.9, horizon - s * 0.2], accent);
  }
};

/** The original abstract style, for prompts no theme claims: colour blobs from the prompt's words and soft discs. */
export const fallback: Scene = (r, ctx) => {
  const { rand, hues } = ctx;
  const pick = () => hues[Math.floor(rand() * hues.length)] ?? 0;
  const dark = rand() < 0.45;
  const bgA = hsl(pick(), 0.55 + rand() * 0.3, dark ? 0.12 + rand() * 0.1 : 0.55 + rand() * 0.15);
  const bgB = hsl(pick(), 0.5 + rand() * 0.35, dark ? 0.25 + rand() * 0.15 : 0.75 + rand() * 0.1);
  const angle = rand() * Math.PI * 2;
  const ax = Math.cos(angle);
  const ay = Math.sin(angle);
  const big = Math.max(r.w, r.h);
  const blobs = Array.from({ length: 5 + Math.floor(rand() * 4) }, () => ({
    x: rand() * r.w,
    y: rand() * r.h,
    r2: ((0.15 + rand() * 0.35) * big) ** 2,
    c: hsl(pick() + (rand() - 0.5) * 30, 0.6 + rand() * 0.35, 0.35 + rand() * 0.35),
    wt: 0.55 + rand() * 0.45,
  }));
  const diag = Math.abs(ax) * r.w + Math.abs(ay) * r.h || 1;
  smoothField(r, 8, (x, y, out) => {
    const t = Math.min(1, Math.max(0, ((x - r.w / 2) * ax + (y - r.h / 2) * ay) / diag + 0.5));
    let c = mix(bgA, bgB, t);
    for (const b of blobs) c = mix(c, b.c, b.wt * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / b.r2));
    out[0] = c[0];
    out[1] = c[1];
    out[2] = c[2];
  });
  for (let k = 0; k < 5; k++)
    fillCircle(
      r,
      rand() * r.w,
      rand() * r.h,
      r.m * between(rand, 0.05, 0.25),
      hsl(pick(), 0.75, dark ? 0.7 : 0.92),
      between(rand, 0.08, 0.22),
    );
  const base = r.h * between(rand, 0.35, 0.65);
  const amp = r.h * between(rand, 0.06, 0.16);
  const phase = rand() * 6;
  fillBelow(
    r,
    curve(r, (x) => base + amp * Math.sin((x / r.w) * 8 + phase)),
    (y) => ramp([hsl(pick(), 0.6, dark ? 0.08 : 0.3), hsl(pick(), 0.6, 0.2)], (y - base) / r.h),
    0.18,
  );
};

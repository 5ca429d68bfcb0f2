/**
 * Sky subjects over a scene: time of day (a night, sunset or dawn wash, the sun, the moon, stars)
 * and weather (clouds, rain, snow, a storm, a rainbow, fog). 'before' runs under the figures, so
 * the sun sits behind a house; 'after' over them, so rain falls in front.
 */
import { stars } from './effects';
import { between, type SceneContext } from './palette';
import { fillCircle, fillEllipse, glow, hsl, line, type Raster, type Rgb } from './raster';

/** Blends every pixel towards a vertical gradient: top colour at the top, bottom colour at the bottom. */
function wash(r: Raster, top: Rgb, bottom: Rgb, alpha: number, darken = 1): void {
  const { px, w, h } = r;
  for (let y = 0; y < h; y++) {
    const t = y / h;
    const c0 = top[0] + (bottom[0] - top[0]) * t;
    const c1 = top[1] + (bottom[1] - top[1]) * t;
    const c2 = top[2] + (bottom[2] - top[2]) * t;
    for (let x = 0, i = y * w * 3; x < w; x++, i += 3) {
      px[i] = (px[i] as number) * darken + (c0 - (px[i] as number) * darken) * alpha;
      px[i + 1] = (px[i + 1] as number) * darken + (c1 - (px[i + 1] as number) * darken) * alpha;
      px[i + 2] = (px[i + 2] as number) * darken + (c2 - (px[i + 2] as number) * darken) * alpha;
    }
  }
}

function cloud(r: Raster, rand: () => number, cx: number, cy: number, size: number, colour: Rgb, alpha: number): void {
  for (let k = 0; k < 6; k++) {
    fillEllipse(
      r,
      cx + (k - 2.5) * size * 0.32,
      cy - Math.sin((k / 5) * Math.PI) * size * 0.25,
      size * between(rand, 0.28, 0.4),
      size * between(rand, 0.2, 0.3),
      colour,
      alpha,
      0,
      3,
    );
  }
}

export function drawSky(r: Raster, ctx: SceneContext, sky: string[], pass: 'before' | 'after'): void {
  const { rand } = ctx;
  const has = (id: string) => sky.includes(id);
  if (pass === 'before') {
    if (has('night')) wash(r, [8, 10, 40], [20, 20, 50], 0.35, 0.55);
    if (has('sunset')) wash(r, [120, 60, 140], [255, 140, 60], 0.28);
    if (has('dawn')) wash(r, [150, 170, 230], [255, 190, 170], 0.22);
    if (has('stars') || (has('night') && !has('cloud'))) stars(r, rand, 0.00035, r.h * 0.55);
    const bodyX = r.w * between(rand, 0.15, 0.85);
    const bodyY = r.h * between(rand, 0.12, 0.26);
    if (has('sun')) {
      glow(r, bodyX, bodyY, r.m * 0.3, [255, 236, 170], 0.5);
      fillCircle(r, bodyX, bodyY, r.m * 0.06, [255, 246, 205]);
    }
    if (has('moon')) {
      glow(r, bodyX, bodyY, r.m * 0.22, [190, 200, 240], 0.3);
      fillCircle(r, bodyX, bodyY, r.m * 0.055, [238, 236, 222]);
      fillCircle(r, bodyX + r.m * 0.012, bodyY - r.m * 0.008, r.m * 0.012, [205, 203, 192], 0.7);
      fillCircle(r, bodyX - r.m * 0.02, bodyY + r.m * 0.018, r.m * 0.008, [205, 203, 192], 0.7);
    }
    if (has('rainbow')) {
      const cx = r.w * between(rand, 0.3, 0.7);
      const cy = r.h * 0.9;
      const rad = r.w * 0.42;
      const bands: Rgb[] = [0, 30, 55, 120, 210, 265].map((h) => hsl(h, 0.85, 0.58));
      bands.forEach((c, b) => {
        const rb = rad - b * r.m * 0.018;
        for (let a = 0; a < 48; a++) {
          const t0 = Math.PI + (a / 48) * Math.PI;
          const t1 = Math.PI + ((a + 1) / 48) * Math.PI;
          line(
            r,
            cx + Math.cos(t0) * rb,
            cy + Math.sin(t0) * rb * 0.8,
            cx + Math.cos(t1) * rb,
            cy + Math.sin(t1) * rb * 0.8,
            r.m * 0.02,
            c,
            0.45,
          );
        }
      });
    }
    if (has('cloud') || has('storm') || has('rain')) {
      const dark = has('storm') || has('rain');
      const colour: Rgb = dark ? [96, 100, 112] : [248, 248, 252];
      const count = 3 + Math.floor(rand() * 3);
      for (let k = 0; k < count; k++)
        cloud(
          r,
          rand,
          r.w * ((k + 0.5) / count + between(rand, -0.06, 0.06)),
          r.h * between(rand, 0.1, 0.3),
          r.m * between(rand, 0.25, 0.4),
          colour,
          dark ? 0.85 : 0.9,
        );
    }
    return;
  }
  if (has('storm')) {
    let x = r.w * between(rand, 0.2, 0.8);
    let y = r.h * 0.2;
    glow(r, x, y, r.m * 0.5, [210, 220, 255], 0.25);
    while (y < r.h * 0.75) {
      const nx = x + between(rand, -0.05, 0.05) * r.w;
      const ny = y + between(rand, 0.05, 0.1) * r.h;
      line(r, x, y, nx, ny, r.m * 0.008, [250, 250, 255]);
      x = nx;
      y = ny;
    }
  }
  if (has('rain') || has('storm')) {
    const drops = Math.round((r.w * r.h) / 2500);
    for (let k = 0; k < drops; k++) {
      const x = rand() * r.w;
      const y = rand() * r.h;
      line(r, x, y, x - r.m * 0.01, y + r.m * 0.045, Math.max(1, r.m * 0.002), [200, 210, 230], 0.45);
    }
  }
  if (has('snow')) {
    const flakes = Math.round((r.w * r.h) / 2200);
    for (let k = 0; k < flakes; k++) fillCircle(r, rand() * r.w, rand() * r.h, r.m * between(rand, 0.002, 0.006), [255, 255, 255], 0.85);
  }
  if (has('fog')) wash(r, [225, 228, 232], [235, 236, 240], 0.32);
}

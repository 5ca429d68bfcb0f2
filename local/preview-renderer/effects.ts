/** Whole-picture passes of the preview rasteriser: smooth fields, value noise, vignette, the old-print look, stars. */
import { fillCircle, glow, type Raster, type Rgb } from './raster';

/**
 * Paints a smooth field computed at 1/`scale` of the size and enlarged bilinearly: for nebulae,
 * blurred backgrounds and colour washes, where full resolution would cost without showing.
 * `f` writes the colour of low-resolution pixel (x, y) (in full-size coordinates) into `out`.
 */
export function smoothField(r: Raster, scale: number, f: (x: number, y: number, out: Rgb) => void): void {
  const sw = Math.ceil(r.w / scale) + 1;
  const sh = Math.ceil(r.h / scale) + 1;
  const low = new Float32Array(sw * sh * 3);
  const c: Rgb = [0, 0, 0];
  for (let y = 0, i = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++, i += 3) {
      f(x * scale, y * scale, c);
      low[i] = c[0];
      low[i + 1] = c[1];
      low[i + 2] = c[2];
    }
  }
  const { px, w, h } = r;
  const col = new Int32Array(w);
  const colT = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = x / scale;
    col[x] = Math.min(sw - 2, Math.floor(fx));
    colT[x] = fx - (col[x] as number);
  }
  const row = new Float32Array(sw * 3);
  for (let y = 0; y < h; y++) {
    const fy = y / scale;
    const y0 = Math.min(sh - 2, Math.floor(fy));
    const ty = fy - y0;
    // Interpolate the two low-resolution rows once, then only across per pixel.
    for (let k = 0, a = y0 * sw * 3, b = a + sw * 3; k < sw * 3; k++) {
      row[k] = (low[a + k] as number) + ((low[b + k] as number) - (low[a + k] as number)) * ty;
    }
    for (let x = 0, o = y * w * 3; x < w; x++, o += 3) {
      const tx = colT[x] as number;
      const a = (col[x] as number) * 3;
      px[o] = (row[a] as number) + ((row[a + 3] as number) - (row[a] as number)) * tx;
      px[o + 1] = (row[a + 1] as number) + ((row[a + 4] as number) - (row[a + 1] as number)) * tx;
      px[o + 2] = (row[a + 2] as number) + ((row[a + 5] as number) - (row[a + 2] as number)) * tx;
    }
  }
}

/** Smooth 2D value noise in 0..1 (lattice hashed from `seed`), for clouds, nebulae and texture. */
export function valueNoise(seed: number): (x: number, y: number) => number {
  const hashAt = (ix: number, iy: number) => {
    let t = Math.imul(ix, 374761393) ^ Math.imul(iy, 668265263) ^ seed;
    t = Math.imul(t ^ (t >>> 13), 1274126177);
    return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
  };
  return (x, y) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = x - ix;
    const fy = y - iy;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const a = hashAt(ix, iy) + (hashAt(ix + 1, iy) - hashAt(ix, iy)) * sx;
    const b = hashAt(ix, iy + 1) + (hashAt(ix + 1, iy + 1) - hashAt(ix, iy + 1)) * sx;
    return a + (b - a) * sy;
  };
}

/** Darkens towards the corners. */
export function vignette(r: Raster, strength: number): void {
  const { px, w, h } = r;
  const cx = w / 2;
  const cy = h / 2;
  const inv = 1 / (cx * cx + cy * cy);
  for (let y = 0; y < h; y++) {
    const dy2 = (y - cy) * (y - cy);
    for (let x = 0, i = y * w * 3; x < w; x++, i += 3) {
      const d = ((x - cx) * (x - cx) + dy2) * inv;
      const k = 1 - strength * d * d * 1.6;
      px[i] = (px[i] as number) * k;
      px[i + 1] = (px[i + 1] as number) * k;
      px[i + 2] = (px[i + 2] as number) * k;
    }
  }
}

/**
 * An old print's look in one pass over the pixels: sepia tone (luminance → brown-cream ramp,
 * keeping `keep` of the colour), a vignette of `darken` towards the corners, and grain of ±`amount`
 * (a cheap LCG seeded from `seed`). The grain has three levels (lighter, darker, unchanged): the
 * same look at a glance as a continuous spread, and the PNG encoder does not choke on it.
 */
export function oldPrint(r: Raster, keep: number, darken: number, seed: number, amount: number): void {
  const { px, w, h } = r;
  const cx = w / 2;
  const cy = h / 2;
  const inv = 1 / (cx * cx + cy * cy);
  let s = seed >>> 0 || 1;
  for (let y = 0, i = 0; y < h; y++) {
    const dy2 = (y - cy) * (y - cy);
    for (let x = 0; x < w; x++, i += 3) {
      const d = ((x - cx) * (x - cx) + dy2) * inv;
      const k = 1 - darken * d * d * 1.6;
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const q = s >>> 30;
      const n = q === 1 ? amount : q === 2 ? -amount : 0;
      const red = px[i] as number;
      const g = px[i + 1] as number;
      const b = px[i + 2] as number;
      const l = 0.3 * red + 0.59 * g + 0.11 * b;
      px[i] = ((l * 1.07 + 18) * (1 - keep) + red * keep) * k + n;
      px[i + 1] = ((l * 0.9 + 8) * (1 - keep) + g * keep) * k + n;
      px[i + 2] = (l * 0.68 * (1 - keep) + b * keep) * k + n;
    }
  }
}

/** Stars: small points, a few brighter ones with a faint cross-glow, above `maxY`. */
export function stars(r: Raster, rand: () => number, density: number, maxY = r.h, tint: Rgb = [255, 250, 240]): void {
  const count = Math.round(r.w * maxY * density);
  for (let s = 0; s < count; s++) {
    const x = rand() * r.w;
    const y = rand() * maxY;
    const b = rand();
    const size = b > 0.97 ? r.m * 0.004 : r.m * 0.0013 + rand() * r.m * 0.0012;
    fillCircle(r, x, y, Math.max(0.6, size), tint, 0.35 + b * 0.65);
    if (b > 0.985) glow(r, x, y, r.m * 0.02, tint, 0.35);
  }
}

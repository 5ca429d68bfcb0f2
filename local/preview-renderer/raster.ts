/**
 * A tiny software rasteriser for the preview renderer: an RGB buffer and the few primitives the
 * theme scenes need (gradients, silhouettes under a curve, polygons, discs, ellipses, glows, a
 * smooth low-resolution field, film effects). Edges get one pixel of anti-aliasing. Everything is
 * plain loops over a Uint8ClampedArray (values clamp instead of wrapping), which keeps a 1920x816
 * scene in tens of milliseconds without a canvas package.
 */
export type Rgb = [number, number, number];

export class Raster {
  readonly px: Uint8ClampedArray;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Uint8ClampedArray(w * h * 3);
  }
  /** The smaller side: scenes size their shapes by it so every ratio keeps its proportions. */
  get m(): number {
    return Math.min(this.w, this.h);
  }
}

function hslChannel(n: number, hh: number, a: number, l: number): number {
  const k = (n + hh / 30) % 12;
  return (l - a * Math.max(-1, Math.min(k - 3, Math.min(9 - k, 1)))) * 255;
}

export function hsl(h: number, s: number, l: number): Rgb {
  // No inner closures: this runs per row and per pixel, and tsx wraps every closure it creates.
  const hh = ((h % 360) + 360) % 360;
  const a = s * Math.min(l, 1 - l);
  return [hslChannel(0, hh, a, l), hslChannel(8, hh, a, l), hslChannel(4, hh, a, l)];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Colour at t (0..1) along evenly spaced stops. */
export function ramp(stops: Rgb[], t: number): Rgb {
  const n = stops.length - 1;
  const x = clamp01(t) * n;
  const i = Math.min(n - 1, Math.floor(x));
  return mix(stops[i] as Rgb, stops[i + 1] as Rgb, x - i);
}

function blendAt(px: Uint8ClampedArray, i: number, c: Rgb, a: number): void {
  px[i] = (px[i] as number) + (c[0] - (px[i] as number)) * a;
  px[i + 1] = (px[i + 1] as number) + (c[1] - (px[i + 1] as number)) * a;
  px[i + 2] = (px[i + 2] as number) + (c[2] - (px[i + 2] as number)) * a;
}

/** Fills rows y0..y1 with a vertical gradient through `stops` (top to bottom). */
export function verticalGradient(r: Raster, stops: Rgb[], y0 = 0, y1 = r.h): void {
  const { px, w } = r;
  const from = Math.max(0, Math.floor(y0));
  const to = Math.min(r.h, Math.ceil(y1));
  for (let y = from; y < to; y++) {
    const c = ramp(stops, (y - y0) / Math.max(1, y1 - y0));
    for (let x = 0, i = y * w * 3; x < w; x++, i += 3) {
      px[i] = c[0];
      px[i + 1] = c[1];
      px[i + 2] = c[2];
    }
  }
}

/**
 * Fills everything below the curve `edge` (one y per column) down to `bottom` (one y per column,
 * default the image bottom): hills, ridges, waves, silhouettes. `colour` may vary by row.
 */
export function fillBelow(r: Raster, edge: Float32Array, colour: Rgb | ((y: number) => Rgb), alpha = 1, bottom?: Float32Array): void {
  const { px, w, h } = r;
  let top = h;
  let end = bottom ? 0 : h;
  for (let x = 0; x < w; x++) {
    top = Math.min(top, edge[x] as number);
    if (bottom) end = Math.max(end, bottom[x] as number);
  }
  for (let y = Math.max(0, Math.floor(top)), last = Math.min(h, Math.ceil(end)); y < last; y++) {
    const c = typeof colour === 'function' ? colour(y) : colour;
    for (let x = 0, i = y * w * 3; x < w; x++, i += 3) {
      let cover = y + 1 - (edge[x] as number);
      if (cover <= 0) continue;
      if (cover > 1) cover = 1;
      if (bottom) {
        const b = (bottom[x] as number) - y;
        if (b <= 0) continue;
        if (b < cover) cover = b;
      }
      blendAt(px, i, c, cover * alpha);
    }
  }
}

/** A curve as one y per column. */
export function curve(r: Raster, f: (x: number) => number): Float32Array {
  const out = new Float32Array(r.w);
  for (let x = 0; x < r.w; x++) out[x] = f(x);
  return out;
}

/** A ridge line by midpoint displacement: `base` ± `amp`, rough by `rough` (0..1). */
export function ridge(r: Raster, rand: () => number, base: number, amp: number, rough = 0.55): Float32Array {
  const n = 257;
  const pts = new Float32Array(n);
  pts[0] = base + (rand() - 0.5) * amp;
  pts[n - 1] = base + (rand() - 0.5) * amp;
  for (let step = n - 1, scale = amp; step > 1; step >>= 1, scale *= rough) {
    for (let i = step >> 1; i < n; i += step) {
      pts[i] = ((pts[i - (step >> 1)] as number) + (pts[i + (step >> 1)] as number)) / 2 + (rand() - 0.5) * scale;
    }
  }
  return curve(r, (x) => {
    const t = (x / Math.max(1, r.w - 1)) * (n - 1);
    const i = Math.min(n - 2, Math.floor(t));
    return (pts[i] as number) + ((pts[i + 1] as number) - (pts[i] as number)) * (t - i);
  });
}

/** Axis-aligned rectangle with fractional (anti-aliased) left and right edges. */
export function fillRect(r: Raster, x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1): void {
  fillPolygon(r, [x0, y0, x1, y0, x1, y1, x0, y1], c, alpha);
}

const ascending = (a: number, b: number) => a - b;

/** Polygon (flat list x0,y0,x1,y1,…), even-odd, scanline with anti-aliased span ends. */
export function fillPolygon(r: Raster, pts: number[], c: Rgb, alpha = 1): void {
  const { px, w, h } = r;
  const n = pts.length / 2;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    minY = Math.min(minY, pts[2 * k + 1] as number);
    maxY = Math.max(maxY, pts[2 * k + 1] as number);
  }
  const xs: number[] = [];
  for (let y = Math.max(0, Math.floor(minY)); y < Math.min(h, Math.ceil(maxY)); y++) {
    const sy = y + 0.5;
    xs.length = 0;
    for (let k = 0, j = n - 1; k < n; j = k++) {
      const ay = pts[2 * k + 1] as number;
      const by = pts[2 * j + 1] as number;
      if (ay > sy !== by > sy) {
        const ax = pts[2 * k] as number;
        const bx = pts[2 * j] as number;
        xs.push(ax + ((sy - ay) / (by - ay)) * (bx - ax));
      }
    }
    if (xs.length === 2) {
      if ((xs[0] as number) > (xs[1] as number)) xs.reverse();
    } else xs.sort(ascending);
    // Partial coverage of the first and last pixel row when the polygon starts or ends inside it.
    const rowCover = clamp01(Math.min(y + 1, maxY) - Math.max(y, minY));
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const xa = xs[k] as number;
      const xb = xs[k + 1] as number;
      const from = Math.max(0, Math.floor(xa));
      const to = Math.min(w - 1, Math.ceil(xb) - 1);
      for (let x = from; x <= to; x++) {
        const cover = clamp01(Math.min(x + 1, xb) - Math.max(x, xa)) * rowCover;
        if (cover > 0) blendAt(px, (y * w + x) * 3, c, cover * alpha);
      }
    }
  }
}

/** A straight stroke of width `width` from (x0,y0) to (x1,y1), as a quad. */
export function line(r: Raster, x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, alpha = 1): void {
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const nx = (-(y1 - y0) / len) * (width / 2);
  const ny = ((x1 - x0) / len) * (width / 2);
  fillPolygon(r, [x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny], c, alpha);
}

/** A round shape's colour: one colour, or one per point (u, v in -1..1 across the shape). */
type Shade = Rgb | ((u: number, v: number) => Rgb);

/**
 * Ellipse (rotated by `angle`), anti-aliased. `soft` widens the edge (in pixels) for blurred
 * shapes such as bokeh; a Shade function lets the colour vary across the shape.
 */
export function fillEllipse(r: Raster, cx: number, cy: number, rx: number, ry: number, c: Shade, alpha = 1, angle = 0, soft = 1): void {
  const { px, w, h } = r;
  const ext = Math.max(rx, ry) + soft + 1;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const minR = Math.max(0.5, Math.min(rx, ry));
  for (let y = Math.max(0, Math.floor(cy - ext)); y < Math.min(h, Math.ceil(cy + ext)); y++) {
    const dy = y + 0.5 - cy;
    for (let x = Math.max(0, Math.floor(cx - ext)); x < Math.min(w, Math.ceil(cx + ext)); x++) {
      const dx = x + 0.5 - cx;
      const u = (dx * cos + dy * sin) / rx;
      const v = (-dx * sin + dy * cos) / ry;
      const d = Math.sqrt(u * u + v * v);
      const cover = clamp01(((1 - d) * minR) / soft + 0.5);
      if (cover > 0) blendAt(px, (y * w + x) * 3, typeof c === 'function' ? c(u, v) : c, cover * alpha);
    }
  }
}

export function fillCircle(r: Raster, cx: number, cy: number, rad: number, c: Shade, alpha = 1, soft = 1): void {
  fillEllipse(r, cx, cy, rad, rad, c, alpha, 0, soft);
}

/** A soft radial glow: colour blended in with (1 - d²/r²)² falloff. */
export function glow(r: Raster, cx: number, cy: number, rad: number, c: Rgb, strength: number): void {
  const { px, w, h } = r;
  const r2 = rad * rad;
  for (let y = Math.max(0, Math.floor(cy - rad)); y < Math.min(h, Math.ceil(cy + rad)); y++) {
    const dy2 = (y - cy) * (y - cy);
    for (let x = Math.max(0, Math.floor(cx - rad)); x < Math.min(w, Math.ceil(cx + rad)); x++) {
      const t = 1 - ((x - cx) * (x - cx) + dy2) / r2;
      if (t > 0) blendAt(px, (y * w + x) * 3, c, t * t * strength);
    }
  }
}

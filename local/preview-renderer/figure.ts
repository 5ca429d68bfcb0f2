/**
 * The preview renderer's figures: a subject (a cat, a house, a bicycle…) as a short list of shapes
 * in its own unit box — u across (about -1..1, facing right), v up from the ground (0) to its top
 * (about 1) — so one list draws at any place, size and facing. Lower-case shapes take the
 * figure's body colour, upper-case ones its accent (windows, eyes, stripes, flames).
 */
import { fillEllipse, fillPolygon, line, type Raster, type Rgb } from './raster';

export type Shape =
  | ['e' | 'E', number, number, number, number, number?] // ellipse: cu, cv, ru, rv, angle (radians)
  | ['p' | 'P', ...number[]] // polygon: u0, v0, u1, v1, …
  | ['l' | 'L', number, number, number, number, number]; // stroke: u0, v0, u1, v1, width

export interface Placement {
  /** Ground point (bottom centre) in pixels. */
  x: number;
  y: number;
  /** Height of the unit box in pixels. */
  size: number;
  /** Face left instead of right. */
  flip: boolean;
  body: Rgb;
  accent: Rgb;
}

/** Draws a figure's shapes at a placement. */
export function drawFigure(r: Raster, shapes: readonly Shape[], at: Placement): void {
  const sx = at.flip ? -at.size : at.size;
  const X = (u: number) => at.x + u * sx;
  const Y = (v: number) => at.y - v * at.size;
  for (const shape of shapes) {
    const kind = shape[0];
    const colour = kind === kind.toUpperCase() ? at.accent : at.body;
    if (kind === 'e' || kind === 'E') {
      const [, cu, cv, ru, rv, angle = 0] = shape as ['e', number, number, number, number, number?];
      fillEllipse(r, X(cu), Y(cv), Math.abs(ru * at.size), Math.abs(rv * at.size), colour, 1, at.flip ? angle : -angle);
    } else if (kind === 'p' || kind === 'P') {
      const pts = (shape.slice(1) as number[]).map((n, i) => (i % 2 === 0 ? X(n) : Y(n)));
      fillPolygon(r, pts, colour);
    } else {
      const [, u0, v0, u1, v1, w] = shape as ['l', number, number, number, number, number];
      line(r, X(u0), Y(v0), X(u1), Y(v1), Math.max(1, w * at.size), colour);
    }
  }
}

/** A four-legged animal from a few proportions: the shared body plan of dogs, horses, deer, bears… */
export function quadruped(o: {
  /** Body centre height and half-length, half-height. */
  bodyV: number;
  bodyU: number;
  bodyH: number;
  legW: number;
  /** Head centre and radii. */
  head: [number, number, number, number];
  neck?: number;
  tail?: Shape[];
  extra?: Shape[];
}): Shape[] {
  const { bodyV, bodyU, bodyH, legW, head } = o;
  const legTop = bodyV;
  const legs: Shape[] = [-0.75, -0.5, 0.55, 0.8].map((k) => ['l', k * bodyU, legTop, k * bodyU + 0.02, 0.02, legW]);
  const neck: Shape[] = o.neck
    ? [
        [
          'p',
          bodyU * 0.55,
          bodyV + bodyH * 0.6,
          head[0] - head[2] * 0.3,
          head[1] + head[3] * 0.5,
          head[0],
          head[1] - head[3] * 0.6,
          bodyU * 0.9,
          bodyV - bodyH * 0.2,
        ],
      ]
    : [];
  return [
    ...(o.tail ?? []),
    ...legs,
    ['e', 0, bodyV, bodyU, bodyH],
    ...neck,
    ['e', head[0], head[1], head[2], head[3]],
    ...(o.extra ?? []),
  ];
}

/** A standing person (about 1 tall): head, torso, arms and legs, with extra shapes for what makes them one. */
export function person(o: { stride?: number; arms?: [number, number, number, number]; extra?: Shape[]; hat?: Shape[] } = {}): Shape[] {
  const stride = o.stride ?? 0.06;
  const [la, lv, ra, rv] = o.arms ?? [-0.16, 0.42, 0.16, 0.42];
  return [
    ['l', -0.04, 0.48, -0.04 - stride, 0.01, 0.07],
    ['l', 0.04, 0.48, 0.04 + stride, 0.01, 0.07],
    ['p', -0.13, 0.8, 0.13, 0.8, 0.1, 0.45, -0.1, 0.45],
    ['l', -0.11, 0.78, la, lv, 0.055],
    ['l', 0.11, 0.78, ra, rv, 0.055],
    ['e', 0, 0.9, 0.075, 0.09],
    ...(o.hat ?? []),
    ...(o.extra ?? []),
  ];
}

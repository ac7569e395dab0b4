/** The plane geometry the board is drawn with: points, move routes of Bézier pieces, numbers as SVG writes them. */
import { num } from './xml.js';

export type Point = [number, number];

/** A move's drawn route: quadratic Bézier pieces (start, control, end), each starting where the last ended. */
export interface Route {
  pieces: [Point, Point, Point][];
}

/** A number to three decimals, as scales and stroke widths are written. */
export function num3(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? '0' : String(r);
}

/** A point as SVG writes it: `x y` (or `x,y`). */
export function pt(p: Point, sep = ' '): string {
  return `${num(p[0])}${sep}${num(p[1])}`;
}

export function dist(a: Point, b: Point): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export function midpoint(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** The unit vector from `from` toward `to` (along x when they meet). */
export function unit(from: Point, to: Point): Point {
  const d = dist(from, to);
  return d < 1e-9 ? [1, 0] : [(to[0] - from[0]) / d, (to[1] - from[1]) / d];
}

/** `from` moved `by` toward `to`. */
export function toward(from: Point, to: Point, by: number): Point {
  const u = unit(from, to);
  return [from[0] + u[0] * by, from[1] + u[1] * by];
}

export function bezier(q: readonly [Point, Point, Point], t: number): Point {
  const a = (1 - t) * (1 - t);
  const b = 2 * (1 - t) * t;
  const d = t * t;
  return [a * q[0][0] + b * q[1][0] + d * q[2][0], a * q[0][1] + b * q[1][1] + d * q[2][1]];
}

/** The point a fraction `t` of the way along a route (by length). */
export function routePoint(c: Route, t: number): Point {
  const samples: Point[] = [];
  for (const q of c.pieces) for (let k = samples.length === 0 ? 0 : 1; k <= 16; k++) samples.push(bezier(q, k / 16));
  const lengths = [0];
  for (let i = 1; i < samples.length; i++) lengths.push(lengths[i - 1]! + dist(samples[i - 1]!, samples[i]!));
  const goal = t * lengths[lengths.length - 1]!;
  for (let i = 1; i < samples.length; i++) {
    if (lengths[i]! < goal) continue;
    const span = lengths[i]! - lengths[i - 1]!;
    const f = span > 1e-9 ? (goal - lengths[i - 1]!) / span : 0;
    const a = samples[i - 1]!;
    const b = samples[i]!;
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
  }
  return samples[samples.length - 1]!;
}

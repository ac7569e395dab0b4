/**
 * The marks orders are drawn with, each with a white halo to stand out from
 * the map: arrows, dashed lines, rings, crosses, the `!` of an illegal order,
 * and a unit to be built. `radius` is the board's province radius, which they
 * are sized by.
 */
import type { UnitKind } from '../game/position.js';
import { dist, num3, pt, unit, type Point, type Route } from './geometry.js';
import type { Picture, PowerStyle } from './picture.js';
import { FAIL, INK } from './style.js';
import { glyph } from './units-svg.js';
import { el, empty, num, textEl } from './xml.js';

/** A route's shaft with a head at its end. */
export function arrow(radius: number, c: Route, colour: string, width: number): string {
  const [s0, ctrl, end] = c.pieces[c.pieces.length - 1]!;
  const dir = unit(dist(ctrl, end) > 1e-6 ? ctrl : s0, end);
  const len = radius * 0.8;
  const half = radius * 0.38;
  const baseP: Point = [end[0] - dir[0] * len, end[1] - dir[1] * len];
  const left: Point = [baseP[0] - dir[1] * half, baseP[1] + dir[0] * half];
  const right: Point = [baseP[0] + dir[1] * half, baseP[1] - dir[0] * half];
  const lineEnd: Point = [baseP[0] + dir[0] * 1.5, baseP[1] + dir[1] * 1.5];
  const pieces = c.pieces.map((q, i) => `Q${pt(q[1])} ${pt(i === c.pieces.length - 1 ? lineEnd : q[2])}`);
  const d = `M${pt(c.pieces[0]![0])}${pieces.join('')}`;
  const head = `M${pt(end)}L${pt(left)}L${pt(right)}Z`;
  return [
    empty('path', { class: 'halo', d, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.6, 'stroke-opacity': 0.85 }),
    empty('path', { class: 'shaft', d, fill: 'none', stroke: colour, 'stroke-width': width }),
    empty('path', { class: 'head', d: head, fill: colour, stroke: '#ffffff', 'stroke-width': 1.2 }),
  ].join('');
}

/** A straight dashed line from `a` to `b`. */
export function line(a: Point, b: Point, colour: string, width: number, dash: string): string {
  const d = `M${pt(a)}L${pt(b)}`;
  return [
    empty('path', { class: 'halo', d, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-opacity': 0.7 }),
    empty('path', { class: 'shaft', d, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash }),
  ].join('');
}

/** The round end of a support to a move. */
export function dot(at: Point, colour: string, r: number): string {
  return empty('circle', { class: 'end', cx: at[0], cy: at[1], r, fill: '#ffffff', stroke: colour, 'stroke-width': r * 0.7 });
}

/** A short bar across the end of a support to hold. */
export function bar(radius: number, from: Point, to: Point, colour: string, width: number): string {
  const u = unit(from, to);
  const h = radius * 0.35;
  const d = `M${pt([to[0] - u[1] * h, to[1] + u[0] * h])}L${pt([to[0] + u[1] * h, to[1] - u[0] * h])}`;
  return empty('path', { class: 'end', d, stroke: colour, 'stroke-width': width * 1.6 });
}

/** A ring round a unit: a hold, or (dotted) a convoy. */
export function ring(at: Point, colour: string, r: number, width: number, dash?: string): string {
  return [
    empty('circle', { class: 'halo', cx: at[0], cy: at[1], r, fill: 'none', stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-opacity': dash ? 0.5 : 0.8 }),
    empty('circle', { class: 'ring', cx: at[0], cy: at[1], r, fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash }),
  ].join('');
}

/** A cross: a disband, or a failed order's mark. */
export function cross(at: Point, size: number, colour: string, width: number, cls: string): string {
  const d = `M${pt([at[0] - size, at[1] - size])}L${pt([at[0] + size, at[1] + size])}M${pt([at[0] + size, at[1] - size])}L${pt([at[0] - size, at[1] + size])}`;
  return el(
    'g',
    { class: cls },
    empty('path', { d, stroke: '#ffffff', 'stroke-width': width + 2.4, 'stroke-linecap': 'round' }),
    empty('path', { d, stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round' }),
  );
}

/** The `!` of an illegal order. */
export function illegal(radius: number, at: Point): string {
  const r = radius * 0.42;
  return el(
    'g',
    { class: 'illegal-mark', transform: `translate(${pt(at, ' ')})` },
    empty('circle', { r, fill: FAIL, stroke: '#ffffff', 'stroke-width': 1.2 }),
    textEl('text', { y: r * 0.5, 'text-anchor': 'middle', 'font-size': r * 1.45, 'font-weight': 'bold', fill: '#ffffff' }, '!'),
  );
}

/** A unit to be built: its glyph faded and dashed, with a plus (and its place in a build list). */
export function ghost(pic: Picture, kind: UnitKind | undefined, at: string, p: PowerStyle, n?: number): string {
  const a = pic.anchor(at)!;
  const scale = pic.r / 11;
  const shape = kind
    ? glyph(kind, p.colour, 0.45, '2 1.5')
    : empty('circle', { r: 9, fill: p.colour, 'fill-opacity': 0.35, stroke: p.colour, 'stroke-width': 1.4, 'stroke-dasharray': '2 1.5' });
  const plus = el(
    'g',
    { class: 'build-plus', transform: 'translate(-10 -10)' },
    empty('circle', { r: 4.6, fill: '#ffffff', stroke: p.colour, 'stroke-width': 1.2 }),
    empty('path', { d: 'M-2.6 0H2.6M0-2.6V2.6', stroke: INK, 'stroke-width': 1.3 }),
  );
  const number = n === undefined ? '' : textEl('text', { x: 11, y: -6, 'font-size': 7, 'font-weight': 'bold', fill: INK }, String(n));
  return el('g', { class: 'build-mark', 'data-at': at, transform: `translate(${num(a[0])} ${num(a[1])}) scale(${num3(scale)})` }, shape, plus, number);
}


/**
 * The phase's orders as marks with their results: moves and retreats as
 * arrows (an army carried by fleets drawn past them), supports as dashed lines
 * to the route or unit they support, convoys and holds as rings, disbands as
 * crosses, builds as faded glyphs; a failed order crossed out, an illegal one
 * marked with `!`.
 */
import type { OrderResult, OrderStatus } from '../adjudicate/result.js';
import { formatOrder } from '../orders/format.js';
import type { Order, UnitRef } from '../orders/order.js';
import { dist, midpoint, routePoint, toward, type Point, type Route } from './geometry.js';
import { base } from './layout.js';
import { arrow, bar, cross, dot, ghost, illegal, line, ring } from './marks-svg.js';
import type { Picture } from './picture.js';
import { FAIL, INK } from './style.js';
import { el, num, textEl, type Attrs } from './xml.js';

/** This phase's moves' routes by `from>to` (province ids), for supports and convoys to point at. */
type Moves = Map<string, Route>;

/** Every order of the phase, bottom to top: convoys, supports, holds, moves and retreats, the rest; each kind in the order given. */
export function orders(pic: Picture): string {
  const rank: Record<Order['type'], number> = { convoy: 0, support: 1, hold: 2, move: 3, retreat: 3, disband: 4, build: 4, waive: 4, 'build-list': 4, 'disband-list': 4 };
  // The fleets that convoy each army (valid convoy orders), so its move is drawn through them.
  const convoys = new Map<string, string[]>();
  for (const res of pic.results) {
    const o = res.order;
    if (o.type !== 'convoy' || res.status === 'illegal') continue;
    const key = `${base(o.army.at)}>${base(o.to)}`;
    convoys.set(key, [...(convoys.get(key) ?? []), o.unit.at]);
  }
  // Then the moves, so supports can point at their routes.
  const moves: Moves = new Map();
  for (const res of pic.results) {
    const o = res.order;
    if (o.type !== 'move') continue;
    const key = `${base(o.unit.at)}>${base(o.to)}`;
    const via = o.path && o.path.length > 0 ? o.path : (convoys.get(key) ?? []);
    const c = moveRoute(pic, o.unit.at, o.to, false, via);
    if (c && !moves.has(key)) moves.set(key, c);
  }
  const drawn = pic.results
    .map((res, i) => ({ res, i }))
    .sort((a, b) => rank[a.res.order.type] - rank[b.res.order.type] || a.i - b.i)
    .map(({ res }) => order(pic, moves, res));
  return el('g', { class: 'orders', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, ...drawn);
}

/**
 * The route of a move or retreat from a unit to a province: bent a little to
 * its right (so opposite moves do not overlap), or, for an army carried by
 * fleets, a smooth line past each of them in the order they lie on the way.
 */
function moveRoute(pic: Picture, from: string, to: string, dislodged: boolean, via: readonly string[] = []): Route | undefined {
  const p0 = pic.anchor(from, dislodged);
  const p1 = pic.point(to);
  if (!p0 || !p1) return undefined;
  const dx = p1[0] - p0[0];
  const dy = p1[1] - p0[1];
  const len = Math.hypot(dx, dy);
  if (len < 1e-6) return undefined;
  const fleets = via
    .map((at) => pic.anchor(at))
    .filter((q): q is Point => q !== undefined && dist(q, p0) > 1e-6 && dist(q, p1) > 1e-6)
    .map((q) => ({ q, along: ((q[0] - p0[0]) * dx + (q[1] - p0[1]) * dy) / len }))
    .sort((a, b) => a.along - b.along)
    .map((f) => f.q);
  if (fleets.length === 0) {
    const bend = Math.min(0.14 * len, 3 * pic.r);
    const ctrl: Point = [(p0[0] + p1[0]) / 2 - (dy / len) * bend, (p0[1] + p1[1]) / 2 + (dx / len) * bend];
    const start = toward(p0, ctrl, Math.min(0.85 * pic.r, len / 3));
    const end = toward(p1, ctrl, Math.min(pic.r + 2, len / 3));
    return { pieces: [[start, ctrl, end]] };
  }
  const first = fleets[0]!;
  const last = fleets[fleets.length - 1]!;
  const start = toward(p0, first, Math.min(0.85 * pic.r, dist(p0, first) / 3));
  const end = toward(p1, last, Math.min(pic.r + 2, dist(p1, last) / 3));
  const stops = [start, ...fleets, end];
  const pieces: [Point, Point, Point][] = [];
  let at = start;
  for (let i = 1; i < stops.length - 1; i++) {
    const m1 = midpoint(stops[i - 1]!, stops[i]!);
    if (i === 1) pieces.push([at, midpoint(at, m1), m1]);
    const m2 = midpoint(stops[i]!, stops[i + 1]!);
    pieces.push([m1, stops[i]!, m2]);
    at = m2;
  }
  pieces.push([at, midpoint(at, end), end]);
  return { pieces };
}

/** One order as its marks, with its result: faded and crossed out when it fails, marked `!` when illegal. */
function order(pic: Picture, moves: Moves, res: OrderResult): string {
  const o = res.order;
  const status = res.status;
  const p = pic.power(o.power);
  const classes = ['order', o.type, status, res.implicit ? 'implicit' : undefined];
  const why = res.detail ?? res.reason;
  const title = `${p.name}: ${formatOrder(o)} (${statusText(status)}${why ? `: ${why}` : ''})`;
  const lines: string[] = [];
  let mark: Point | undefined;
  const retreatPhase = pic.position.phase.kind === 'retreat';
  const w = pic.r * 0.2;

  switch (o.type) {
    case 'move':
    case 'retreat': {
      const c =
        (o.type === 'move' ? moves.get(`${base(o.unit.at)}>${base(o.to)}`) : undefined) ??
        moveRoute(pic, o.unit.at, o.to, o.type === 'retreat' || (retreatPhase && isDislodged(pic, o.unit)));
      if (!c) break;
      lines.push(arrow(pic.r, c, p.colour, w));
      mark = routePoint(c, 0.7);
      break;
    }
    case 'support': {
      const from = pic.anchor(o.unit.at);
      if (!from) break;
      let target: Point | undefined;
      let endDot = true;
      if (o.to !== undefined) {
        const c = moves.get(`${base(o.supported.at)}>${base(o.to)}`);
        if (c) target = routePoint(c, 0.5);
        else {
          const a = pic.anchor(o.supported.at);
          const b = pic.point(o.to);
          if (a && b) target = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        }
      } else {
        const a = pic.anchor(o.supported.at);
        if (a) target = toward(a, from, 1.3 * pic.r);
        endDot = false;
      }
      if (!target) break;
      const start = toward(from, target, Math.min(0.85 * pic.r, dist(from, target) / 3));
      lines.push(line(start, target, p.colour, w * 0.8, `${num(pic.r * 0.38)} ${num(pic.r * 0.22)}`));
      lines.push(endDot ? dot(target, p.colour, pic.r * 0.26) : bar(pic.r, start, target, p.colour, w * 0.8));
      mark = midpoint(start, target);
      break;
    }
    case 'convoy': {
      // A dotted ring round the fleet; the army's move is drawn past it. Without that move, a dotted line toward it.
      const from = pic.anchor(o.unit.at);
      if (!from) break;
      lines.push(ring(from, p.colour, pic.r * 1.3, w * 0.8, `0.1 ${num(pic.r * 0.34)}`));
      mark = [from[0], from[1] - pic.r * 1.3];
      if (moves.has(`${base(o.army.at)}>${base(o.to)}`)) break;
      const a = pic.anchor(o.army.at);
      const b = pic.point(o.to);
      if (!a || !b) break;
      const target = midpoint(a, b);
      if (dist(from, target) < 1.6 * pic.r) break;
      lines.push(line(toward(from, target, 1.3 * pic.r), target, p.colour, w * 0.8, `0.1 ${num(pic.r * 0.34)}`));
      break;
    }
    case 'hold': {
      const at = pic.anchor(o.unit.at);
      if (!at) break;
      lines.push(ring(at, p.colour, pic.r * 1.22, w * 0.8));
      mark = [at[0], at[1] - pic.r * 1.22];
      break;
    }
    case 'disband': {
      const at = pic.anchor(o.unit.at, retreatPhase && isDislodged(pic, o.unit));
      if (!at) break;
      lines.push(cross(at, pic.r * 0.75, INK, w * 0.9, 'disband-mark'));
      mark = [at[0] + pic.r * 0.9, at[1] - pic.r * 0.9];
      break;
    }
    case 'build': {
      const at = pic.anchor(o.at);
      if (!at) break;
      lines.push(ghost(pic, o.kind, o.at, p));
      mark = [at[0] + pic.r * 0.9, at[1] - pic.r * 0.9];
      break;
    }
    case 'build-list': {
      o.builds.forEach((b, i) => {
        const at = pic.anchor(b.at);
        if (!at) return;
        lines.push(ghost(pic, b.kind, b.at, p, i + 1));
        mark ??= [at[0] + pic.r * 0.9, at[1] - pic.r * 0.9];
      });
      break;
    }
    case 'disband-list': {
      for (const u of o.units) {
        const at = pic.anchor(u.at);
        if (!at) continue;
        lines.push(cross(at, pic.r * 0.75, INK, w * 0.9, 'disband-mark'));
        mark ??= [at[0] + pic.r * 0.9, at[1] - pic.r * 0.9];
      }
      break;
    }
    case 'waive':
      break;
  }

  const attrs: Attrs = {
    class: classes.filter((c) => c !== undefined).join(' '),
    'data-order': formatOrder(o),
    'data-power': o.power,
    'data-status': status,
    'data-reason': res.reason,
    'data-unplaced': lines.length === 0 && o.type !== 'waive' ? 'true' : undefined,
  };
  const parts = [textEl('title', {}, title)];
  if (lines.length > 0) parts.push(status === 'succeeds' ? lines.join('') : el('g', { opacity: status === 'fails' ? 0.6 : 0.45 }, ...lines));
  if (mark && status === 'fails') parts.push(cross(mark, pic.r * 0.32, FAIL, pic.r * 0.16, 'fail-mark'));
  if (mark && status === 'illegal') parts.push(illegal(pic.r, mark));
  return el('g', attrs, ...parts);
}

function isDislodged(pic: Picture, ref: UnitRef): boolean {
  return pic.position.dislodged.some((u) => base(u.at) === base(ref.at));
}

function statusText(s: OrderStatus): string {
  return s === 'succeeds' ? 'succeeds' : s === 'fails' ? 'fails' : 'illegal';
}


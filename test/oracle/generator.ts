/**
 * Seeded random movement phases on a board, made to be interesting for the oracle: a few units
 * (2 to 8) of 2 to 4 powers crowded around one sea, so that convoys, supports, head-to-head
 * battles and rings of moves are frequent. Every order is legal (validation keeps it): moves
 * follow the board's adjacency per unit kind, convoyed armies have a chain of fleets ordered to
 * convoy them (a chain with no fleet that no route needs), supports name places the supporter could
 * move to. Convoy paradoxes are sought out: the unit a convoyed army attacks often supports an
 * attack on the convoy. Most supports and convoys match the order they name; a few do not (void
 * orders must add no strength). Units and orders come in random orders.
 */
import { csrHas, csrRow, TERRAIN_COAST, TERRAIN_LAND, TERRAIN_SEA, type Board, type UnitKind } from '@dipforge/engine';
import type { OracleOrder, OraclePhase, OracleUnit } from './phase.js';
import type { Random } from './random.js';

const UNIT_COUNTS = [2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8];

/** How a phase is being built: units by province, orders filled in step by step. */
interface Draft {
  board: Board;
  rng: Random;
  units: OracleUnit[];
  orders: (OracleOrder | undefined)[];
}

const provinceOf = (d: Draft, u: number): number => d.board.provinceOf(d.units[u]!.loc);
const free = (d: Draft): number[] => d.orders.flatMap((o, i) => (o === undefined ? [i] : []));
const destOf = (d: Draft, u: number): number => {
  const o = d.orders[u];
  return o?.type === 'move' ? d.board.provinceOf(o.to) : -1;
};

/** The locations of province `to` that unit `u` could move to directly (empty: none). */
function targets(d: Draft, u: number, to: number): number[] {
  const unit = d.units[u]!;
  if (unit.kind === 'army') return d.board.armyCanReach(provinceOf(d, u), to) ? [to] : [];
  return d.board.fleetTargets(unit.loc, to);
}

function reachable(d: Draft, u: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < d.board.provinceCount; p++) if (p !== provinceOf(d, u) && targets(d, u, p).length) out.push(p);
  return out;
}

function order(d: Draft, u: number, o: OracleOrder): void {
  d.orders[u] = o;
}

function moveTo(d: Draft, u: number, to: number): void {
  order(d, u, { type: 'move', to: d.rng.pick(targets(d, u, to)), viaConvoy: false });
}

/**
 * The units: around a random sea, each next to one already placed (mostly). Often the first ones
 * are laid out for a convoy paradox: a fleet in the sea, an army and a fleet on two of its shores,
 * a fleet next to the sea that could attack it.
 */
function place(board: Board, rng: Random): { units: OracleUnit[]; layout: boolean } {
  const seas: number[] = [];
  for (let p = 0; p < board.provinceCount; p++) if (board.terrain[p] === TERRAIN_SEA && !board.impassable[p]) seas.push(p);
  const hub = rng.pick(seas);
  const near = new Set([hub]);
  for (let step = 0; step < 2; step++) for (const p of [...near]) for (const q of csrRow(board.provinceAdj, p)) if (!board.impassable[q]) near.add(q);
  const area = [...near];
  const n = rng.pick(UNIT_COUNTS);
  const kinds = new Map<number, UnitKind>();
  const taken: number[] = [];
  let layout = false;
  const shores = area.filter((p) => board.terrain[p] === TERRAIN_COAST && csrHas(board.seaAdj, p, hub));
  if (n >= 4 && shores.length >= 2 && rng.chance(0.35)) {
    const [army, fleet] = rng.shuffled(shores);
    const attackers = [...csrRow(board.provinceAdj, hub)].filter((p) => p !== army && p !== fleet && board.terrain[p] !== TERRAIN_LAND);
    taken.push(hub, army!, fleet!);
    layout = true;
    kinds.set(hub, 'fleet').set(army!, 'army').set(fleet!, 'fleet');
    if (attackers.length) {
      const attacker = rng.pick(attackers);
      taken.push(attacker);
      kinds.set(attacker, 'fleet');
    }
  } else taken.push(rng.chance(0.5) ? hub : rng.pick(area));
  while (taken.length < n) {
    const open = area.filter((p) => !taken.includes(p));
    if (open.length === 0) break;
    const close = open.filter((p) => taken.some((t) => csrHas(board.provinceAdj, t, p)));
    taken.push(rng.pick(close.length && rng.chance(0.85) ? close : open));
  }
  const powers = rng.shuffled(board.powerIds).slice(0, 2 + rng.int(3));
  const owners = taken.map((_, i) => (i < 2 ? powers[i]! : rng.pick(powers)));
  const units = taken.map((p, i): OracleUnit => {
    const terrain = board.terrain[p];
    const kind = kinds.get(p) ?? (terrain === TERRAIN_SEA || (terrain === TERRAIN_COAST && rng.chance(0.5)) ? 'fleet' : 'army');
    const coasts = board.coastsOf(p);
    const loc = kind === 'fleet' && coasts.length ? rng.pick([...coasts]) : p;
    return { power: owners[i]!, kind, loc };
  });
  return { units, layout };
}

/** Fleets (unordered, in a sea) that border province `p`. */
function fleetsBy(d: Draft, p: number, among: number[]): number[] {
  return among.filter((f) => d.units[f]!.kind === 'fleet' && d.board.convoySea[provinceOf(d, f)] === 1 && csrHas(d.board.seaAdj, p, provinceOf(d, f)));
}

/**
 * An army carried by a chain of fleets to a coastal province beyond the chain's last sea. The
 * chain has no short cut (no fleet borders an earlier one but its neighbour, nor the army's
 * province after the first): validation finds a fleet that no route needs illegal (DATC 6.G.19).
 * With `layout`, the army is unit 1, carried by unit 0 towards unit 2 (see `place`).
 */
function convoy(d: Draft, layout: boolean): void {
  const { board, rng } = d;
  const armies = free(d).filter((u) => d.units[u]!.kind === 'army' && board.terrain[provinceOf(d, u)] === TERRAIN_COAST);
  if (armies.length === 0) return;
  const army = layout ? 1 : rng.pick(armies);
  const origin = provinceOf(d, army);
  const borders = (p: number, f: number): boolean => csrHas(board.seaAdj, p, provinceOf(d, f));
  let open = free(d).filter((u) => u !== army);
  const first = fleetsBy(d, origin, open);
  if (first.length === 0) return;
  const chain = [layout ? 0 : rng.pick(first)];
  open = open.filter((u) => u !== chain[0]);
  while (rng.chance(layout ? 0.15 : 0.4)) {
    const before = chain.slice(0, -1);
    const next = fleetsBy(d, provinceOf(d, chain.at(-1)!), open).filter(
      (f) => !borders(origin, f) && !before.some((c) => borders(provinceOf(d, c), f)),
    );
    if (next.length === 0) break;
    chain.push(rng.pick(next));
    open = open.filter((u) => u !== chain.at(-1));
  }
  const shores: number[] = [];
  for (let p = 0; p < board.provinceCount; p++) {
    if (board.terrain[p] !== TERRAIN_COAST || p === origin) continue;
    if (borders(p, chain.at(-1)!) && !chain.slice(0, -1).some((c) => borders(p, c))) shores.push(p);
  }
  if (shores.length === 0) return;
  // Most often the army attacks a unit, and best a fleet, that could take part in a paradox.
  const occupied = shores.filter((p) => d.units.some((_, i) => provinceOf(d, i) === p));
  const fleets = occupied.filter((p) => d.units.some((u, i) => provinceOf(d, i) === p && u.kind === 'fleet' && d.orders[i] === undefined));
  const planned = layout && shores.includes(provinceOf(d, 2)) && rng.chance(0.85) ? [provinceOf(d, 2)] : [];
  const to = rng.pick(planned.length ? planned : fleets.length && rng.chance(0.6) ? fleets : occupied.length && rng.chance(0.6) ? occupied : shores);
  // A second fleet next to both ends gives the army a second route (DATC 4.A.1).
  const spare = fleetsBy(d, origin, open).filter((f) => borders(to, f));
  if (spare.length && rng.chance(0.3)) chain.push(rng.pick(spare));
  const adjacent = board.armyCanReach(origin, to);
  // Untagged, a move to a neighbour is convoyed only by a fleet of the army's own power (4.A.3).
  order(d, army, { type: 'move', to, viaConvoy: adjacent ? rng.chance(0.75) : rng.chance(0.5) });
  for (const f of chain) order(d, f, { type: 'convoy', army, to });
  if (rng.chance(layout ? 0.9 : 0.6)) attackConvoy(d, army, chain, to);
}

/**
 * The heart of a convoy paradox (DATC 6.F.14 and after): the unit the army attacks supports an
 * attack on a fleet of the convoy, so whether the support is cut depends on the convoy it disrupts.
 * Often with what decides such a cycle or makes it have no answer: support to hold the fleet,
 * support for the army, a second attack on the fleet (Pandin's paradox, 6.F.16).
 */
function attackConvoy(d: Draft, army: number, chain: number[], to: number): void {
  const { rng } = d;
  const defender = d.units.findIndex((_, i) => provinceOf(d, i) === to);
  // The defender is kept for its support; the others are helpers.
  const helper = (into: number): number | undefined => {
    const able = free(d).filter((u) => u !== defender && provinceOf(d, u) !== into && targets(d, u, into).length);
    return able.length ? rng.pick(able) : undefined;
  };
  const reached = chain.filter((f) => defender >= 0 && targets(d, defender, provinceOf(d, f)).length);
  const fleet = rng.pick(reached.length ? reached : chain);
  const sea = provinceOf(d, fleet);
  const attack = (): number | undefined => {
    const attacker = helper(sea);
    if (attacker !== undefined) moveTo(d, attacker, sea);
    return attacker;
  };
  const first = attack();
  if (first === undefined) return;
  if (defender >= 0 && d.orders[defender] === undefined && targets(d, defender, sea).length) {
    order(d, defender, { type: 'support', target: first, to: sea });
  }
  const holder = rng.chance(0.4) ? helper(sea) : undefined;
  if (holder !== undefined) order(d, holder, { type: 'support', target: fleet });
  const backer = rng.chance(0.4) ? helper(to) : undefined;
  if (backer !== undefined) order(d, backer, { type: 'support', target: army, to });
  if (rng.chance(0.4)) {
    const second = attack();
    const ally = second !== undefined && rng.chance(0.7) ? helper(sea) : undefined;
    if (ally !== undefined) order(d, ally, { type: 'support', target: second!, to: sea });
  }
}

/** A ring of 2 to 4 unordered units, each moving into the next one's province (2: head to head). */
function ring(d: Draft, size: number): void {
  const open = free(d);
  const path: number[] = [];
  const extend = (u: number): boolean => {
    path.push(u);
    if (path.length === size) {
      if (targets(d, u, provinceOf(d, path[0]!)).length) return true;
    } else {
      for (const v of d.rng.shuffled(open)) if (!path.includes(v) && targets(d, u, provinceOf(d, v)).length && extend(v)) return true;
    }
    path.pop();
    return false;
  };
  for (const start of d.rng.shuffled(open)) {
    if (extend(start)) {
      path.forEach((u, i) => moveTo(d, u, provinceOf(d, path[(i + 1) % size]!)));
      return;
    }
  }
}

/** A move somewhere the unit can go, often where another unit stands or goes. */
function wander(d: Draft, u: number): void {
  const options = reachable(d, u);
  if (options.length === 0) return;
  const busy = options.filter((p) => d.units.some((_, i) => provinceOf(d, i) === p || destOf(d, i) === p));
  moveTo(d, u, d.rng.pick(busy.length && d.rng.chance(0.6) ? busy : options));
}

/**
 * A convoy by a fleet in a sea of an army on one of its shores to another shore, that the army was
 * not ordered to make: legal, since it could be valid, but void.
 */
function strayConvoy(d: Draft, u: number): boolean {
  const { board, rng } = d;
  const sea = provinceOf(d, u);
  if (d.units[u]!.kind !== 'fleet' || board.convoySea[sea] !== 1) return false;
  const onShore = (p: number): boolean => board.terrain[p] === TERRAIN_COAST && csrHas(board.seaAdj, p, sea);
  const armies = d.units.flatMap((a, i) => (a.kind === 'army' && onShore(provinceOf(d, i)) ? [i] : []));
  if (armies.length === 0) return false;
  const army = rng.pick(armies);
  const shores: number[] = [];
  for (let p = 0; p < board.provinceCount; p++) if (p !== provinceOf(d, army) && p !== destOf(d, army) && onShore(p)) shores.push(p);
  if (shores.length === 0) return false;
  order(d, u, { type: 'convoy', army, to: rng.pick(shores) });
  return true;
}

/** A support of another unit's move, of a unit staying, or (rarely) of an order that was not given. */
function support(d: Draft, u: number): void {
  const { rng } = d;
  if (rng.chance(0.04) && strayConvoy(d, u)) return;
  const here = provinceOf(d, u);
  const others = d.units.map((_, i) => i).filter((i) => i !== u);
  const moves = others.filter((i) => destOf(d, i) >= 0 && destOf(d, i) !== here && targets(d, u, destOf(d, i)).length);
  const holds = others.filter((i) => destOf(d, i) < 0 && targets(d, u, provinceOf(d, i)).length);
  const roll = rng.next();
  if (roll < 0.06) {
    // A legal support is one that could be valid (DATC 4.E.1): an unmatched support names a move
    // the unit could make but was not ordered to.
    const target = rng.pick(others);
    const to = reachable(d, u).filter((p) => p !== provinceOf(d, target) && p !== destOf(d, target) && targets(d, target, p).length);
    if (to.length && rng.chance(0.5)) order(d, u, { type: 'support', target, to: rng.pick(to) });
    else if (targets(d, u, provinceOf(d, target)).length) order(d, u, { type: 'support', target });
  } else if (moves.length && roll < 0.8) {
    const target = rng.pick(moves);
    order(d, u, { type: 'support', target, to: destOf(d, target) });
  } else if (holds.length && roll < 0.95) {
    order(d, u, { type: 'support', target: rng.pick(holds) });
  }
}

/** The draft with its units in a random order, indices in orders renumbered. */
function shuffle(d: Draft): OraclePhase {
  const perm = d.rng.shuffled(d.units.map((_, i) => i));
  const newIndex = new Array<number>(perm.length);
  perm.forEach((old, i) => (newIndex[old] = i));
  const orders = perm.map((old): OracleOrder => {
    const o = d.orders[old] ?? { type: 'hold' };
    if (o.type === 'support') return { ...o, target: newIndex[o.target]! };
    if (o.type === 'convoy') return { ...o, army: newIndex[o.army]! };
    return o;
  });
  return { units: perm.map((old) => d.units[old]!), orders, sequence: d.rng.shuffled(perm.map((_, i) => i)) };
}

export function generatePhase(board: Board, rng: Random): OraclePhase {
  const { units, layout } = place(board, rng);
  const d: Draft = { board, rng, units, orders: units.map(() => undefined) };
  if (layout || rng.chance(0.5)) convoy(d, layout);
  if (rng.chance(0.2)) convoy(d, false);
  if (rng.chance(0.3)) ring(d, 3 + rng.int(2));
  if (rng.chance(0.35)) ring(d, 2);
  for (const u of free(d)) if (rng.chance(0.3)) wander(d, u);
  for (const u of free(d)) support(d, u);
  return shuffle(d);
}

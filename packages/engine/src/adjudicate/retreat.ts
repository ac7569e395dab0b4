/**
 * Retreat phase adjudication. A dislodged unit may retreat to an adjacent
 * province (by its own kind of move, never by convoy) that is empty, is not
 * where its attacker came from (unless the attack came by convoy and
 * `retreat-to-convoy-origin` allows it, DATC 4.A.5), and was not left empty by
 * a standoff. Units retreating to the same province are all disbanded; a unit
 * may always disband; a unit without a usable order follows `retreat-default`.
 */
import type { Board } from '../board/board.js';
import { ARMY, FLEET, TERRAIN_SEA } from '../board/codes.js';
import { provinceDistance } from '../board/distance.js';
import type { RuleOptions } from '../config/rules.js';
import { NEUTRAL_POWER } from '../config/variant-config.js';
import { changeOwner } from '../game/phases.js';
import type { DislodgedUnit, Position, Unit } from '../game/position.js';
import type { Order, UnitRef } from '../orders/order.js';
import { drawIndex, type Rng } from './prng.js';
import { readOwners } from './adjustment/owners.js';
import type { OrderResult, PhaseResult } from './result.js';
import { reasonText, type Reason } from './reasons.js';
import { destinationOf, findUnitIndex, fleetDestinationLoc, found } from './refs.js';
import { phaseAfter, phaseStep } from './step.js';
import { DISBAND, friendlyWorkspaces, NO_OWNERS, type RetreatWorkspace } from './retreat-workspace.js';
import { RETREAT_NONE, retreatCore } from './retreat-ints.js';
import { STATUS_ILLEGAL, STATUS_SUCCEEDS } from './movement/outcome.js';
import { DISLODGED, joined, ON_BOARD, readUnits } from './units.js';
import { unitsAfterMovement } from './movement/workspace.js';

export { DISBAND } from './retreat-workspace.js';

/**
 * What the retreat rules read, as integer columns: the workspace both entries
 * fill (`RetreatWorkspace`, retreat-workspace.ts).
 */
export interface RetreatRules {
  board: Board;
  rules: RuleOptions;
  /** Per province: the unit standing there (it blocks retreats), or -1. */
  occupant: ArrayLike<number>;
  /** The dislodged units. */
  dislodged: { readonly n: number; readonly power: ArrayLike<number>; readonly kind: ArrayLike<number>; readonly loc: ArrayLike<number>; readonly prov: ArrayLike<number> };
  /** Per dislodged unit: the province its attacker came from, or -1 when not known. */
  attackFrom: ArrayLike<number>;
  /** Per dislodged unit: 1 when the attack came by convoy. */
  byConvoy: ArrayLike<number>;
  /** Per province: 1 when left empty by a standoff. */
  standoff: ArrayLike<number>;
  /** Per province: the power owning it, or -1 (for `gm-order`). */
  owner: ArrayLike<number>;
  /** Where the last retreat `retreatRefusal` allowed goes (a location). */
  target: number;
}

/** The friendly entry's context: the board's workspace, filled from a position (`retreatContext`). */
export type RetreatCtx = RetreatWorkspace;

export function adjudicateRetreat(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  seed: number,
): PhaseResult {
  const m = orders.length;
  // Every retreat phase takes this path, also one with nothing dislodged and no orders (most of them, as a
  // game passes over them), rather than a shortcut of its own: a retreat phase to decide comes a few times a
  // game, and its code, run at every retreat phase, is then still in the processor's caches (measured: run
  // just after another retreat phase, a phase to decide takes about a third less time than run cold).
  const ws = retreatContext(board, rules, position);
  const n = ws.dislodged.n;
  if (ws.orderUnit.length < m) {
    ws.orderUnit = new Int32Array(m * 2);
    ws.orderTarget = new Int32Array(m * 2);
  }
  // The orders as the integer core takes them (`retreatCore`), when they say exactly what the integers say, as
  // orders chosen from the legal ones do: each names a dislodged unit as the position lists it (the unit
  // findUnitIndex finds, with nothing wrongly written), at most one per unit, a retreat to a province named as
  // the board names it (its location, what destinationOf reads from it) or a disband. Else all is read as written.
  const { to, orderUnit } = ws;
  for (let u = 0; u < n; u++) to[u] = RETREAT_NONE;
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    if (order.type !== 'retreat' && order.type !== 'move' && order.type !== 'disband') return asWritten(ws, position, orders, seed);
    const u = listedUnit(ws.from, order);
    if (u < 0 || to[u] !== RETREAT_NONE) return asWritten(ws, position, orders, seed);
    orderUnit[index] = u;
    if (order.type === 'disband') to[u] = DISBAND;
    else {
      const l = board.locId(order.to);
      if (l < 0 || l >= board.provinceCount) return asWritten(ws, position, orders, seed);
      to[u] = l;
    }
  }
  retreatCore(ws, to, seed, position.phase);
  const { status, reason } = ws;
  const results: OrderResult[] = new Array<OrderResult>(m);
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    const u = orderUnit[index]!;
    const st = status[u];
    results[index] = st === STATUS_SUCCEEDS ? { order, status: 'succeeds' } : st === STATUS_ILLEGAL ? illegal(order, reason[u]!) : failed(order, reason[u]!);
  }
  return { results, dislodged: [], next: positionAfterRetreats(ws, position) };
}

/**
 * `positionAfter` (game/phases.ts) for a retreat phase: the units of the
 * position, then those that retreated (`ws.final`). The centres they stand on
 * are read off the columns rather than looked up by name again; the owners
 * change as `updateOwners` changes them, unit by unit in that order.
 */
function positionAfterRetreats(ws: RetreatWorkspace, position: Position): Position {
  const { board, final, onBoard } = ws;
  const { supplyCentre, provinceIds, locProvince } = board;
  const phase = position.phase;
  const step = phaseStep(board, ws.rules, phase);
  const before = position.owners;
  let owners = before;
  const units = position.units;
  if (step.ownersChange) {
    for (let i = 0; i < onBoard.n; i++) {
      const prov = onBoard.prov[i]!;
      if (supplyCentre[prov] === 0) continue;
      // Most units stand on centres their power owns already: compared here, no call made for them.
      const centre = provinceIds[prov]!;
      const power = units[i]!.power;
      if (owners[centre] !== power) owners = changeOwner(before, owners, centre, power);
    }
  }
  // The units on the board are shared with the position before (see positionAfter, game/phases.ts).
  const retreated: Unit[] = [];
  for (let u = 0; u < ws.dislodged.n; u++) {
    const l = final[u]!;
    if (l < 0) continue;
    const d = ws.from[u]!;
    retreated.push({ power: d.power, kind: d.kind, at: board.locName(l) });
    const prov = locProvince[l]!;
    if (step.ownersChange && supplyCentre[prov]) owners = changeOwner(before, owners, provinceIds[prov]!, d.power);
  }
  return { units: joined(units, retreated), dislodged: [], owners, standoffs: [], phase: phaseAfter(step, phase) };
}

/**
 * The retreat phase with its orders read as written (`checkRetreatOrder`):
 * any order, of any phase, naming any unit in any way the orders allow, and
 * more than one order for a unit.
 */
function asWritten(ws: RetreatWorkspace, position: Position, orders: readonly Order[], seed: number): PhaseResult {
  const n = ws.dislodged.n;
  const m = orders.length;
  // Per unit: the orders that stand for it, their first and last target (DISBAND for a disband) and whether the targets differ.
  const { ordersOf, firstTarget, lastTarget, differ, choice } = ws;
  for (let u = 0; u < n; u++) {
    ordersOf[u] = 0;
    differ[u] = 0;
    choice[u] = -1;
  }
  // Per order: its unit (or -1 when illegal) and target.
  const { orderUnit, orderTarget } = ws;
  const results: OrderResult[] = new Array<OrderResult>(m);
  let repeats = false;
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    const u = checkRetreatOrder(ws, order);
    orderUnit[index] = u;
    if (u < 0) {
      results[index] = illegal(order, found.reason);
      continue;
    }
    const target = ws.target;
    orderTarget[index] = target;
    if (ordersOf[u]!++ === 0) {
      firstTarget[u] = choice[u] = target;
      continue;
    }
    repeats = true;
    if (target !== firstTarget[u]) differ[u] = 1;
    lastTarget[u] = target;
  }
  // One order per unit (DATC 4.D.3); exact repeats count once.
  if (repeats) oneOrderPerUnit(ws, orders, results);

  // The rest of the rules, as on integers (units without a usable order, clashes).
  const final = ws.final;
  ws.draws.reset(seed, position.phase);
  settleRetreats(ws, choice, final, ws.count, ws.draws.get);
  for (let index = 0; index < m; index++) {
    if (results[index] !== undefined) continue;
    const order = orders[index]!;
    const u = orderUnit[index]!;
    results[index] = choice[u]! >= 0 && final[u]! < 0 ? failed(order, 'retreat-clash') : { order, status: 'succeeds' };
  }
  return { results, dislodged: [], next: positionAfterRetreats(ws, position) };
}

/**
 * DATC 4.D.3 for the units given more than one order: exact repeats count
 * once; orders of differing targets follow `duplicate-orders` (the first, the
 * last, or none: then the unit has no order and `retreat-default` decides).
 * The orders that do not count are illegal.
 */
function oneOrderPerUnit(ws: RetreatWorkspace, orders: readonly Order[], results: OrderResult[]): void {
  const { ordersOf, firstTarget, lastTarget, differ, choice, orderUnit, orderTarget } = ws;
  const rule = ws.rules['duplicate-orders'];
  for (let u = 0; u < ws.dislodged.n; u++) {
    if (differ[u]) choice[u] = rule === 'first' ? firstTarget[u]! : rule === 'last' ? lastTarget[u]! : NO_CHOICE;
  }
  for (let index = 0; index < orders.length; index++) {
    const u = orderUnit[index]!;
    if (u < 0 || ordersOf[u] === 1) continue;
    if (choice[u] === NO_CHOICE || orderTarget[index] !== choice[u]) {
      results[index] = illegal(orders[index]!, 'duplicate-order');
      orderUnit[index] = -1;
    }
  }
  for (let u = 0; u < ws.dislodged.n; u++) if (choice[u] === NO_CHOICE) choice[u] = -1;
}


/**
 * The retreat rules once each dislodged unit's usable order is known, for both
 * entries (this one and `adjudicateRetreatInts`): `choice[u]` is where unit `u`
 * goes (a location or DISBAND), or -1 when it has no usable order, and then
 * `retreat-default` decides, drawing from `rng()` in the order
 * `inProvinceOrder` gives. Units retreating to one province are all destroyed.
 * Fills `final[u]`: the location the unit ends on, or -1 (disbanded or
 * destroyed; a destroyed unit keeps its choice). `count` is a per-province
 * column, all 0 before and after.
 */
export function settleRetreats(ctx: RetreatRules, choice: Int32Array, final: Int32Array, count: Int32Array, rng: () => Rng): void {
  const n = ctx.dislodged.n;
  const locProvince = ctx.board.locProvince;
  let unordered = false;
  for (let u = 0; u < n; u++) if (choice[u] === -1) unordered = true;
  if (unordered) for (const u of inProvinceOrder(ctx.dislodged, (u) => choice[u] === -1)) choice[u] = defaultRetreat(ctx, u, rng);
  for (let u = 0; u < n; u++) if (choice[u]! >= 0) count[locProvince[choice[u]!]!]! += 1;
  for (let u = 0; u < n; u++) {
    const target = choice[u]!;
    final[u] = target >= 0 && count[locProvince[target]!]! === 1 ? target : -1;
  }
  for (let u = 0; u < n; u++) if (choice[u]! >= 0) count[locProvince[choice[u]!]!] = 0;
}

/** In `RetreatWorkspace.choice`: the unit's orders were all duplicates (DATC 4.D.3), so it has none. */
const NO_CHOICE = -3;

/** Whether a retreat phase has a unit to order: a dislodged unit of a power (neutral ones are simply disbanded). */
export function retreatsDue(position: Pick<Position, 'dislodged'>): boolean {
  return position.dislodged.some((d) => d.power !== NEUTRAL_POWER);
}

/**
 * The retreat context of a position's dislodged units, standoffs and owners
 * (its units block retreats), in the board's workspace (`retreat-workspace.ts`):
 * valid until it is filled again, by the next retreat phase adjudicated on the board.
 */
export function retreatContext(
  board: Board,
  rules: RuleOptions,
  position: Pick<Position, 'units' | 'dislodged' | 'standoffs' | 'owners'>,
): RetreatCtx {
  const ws = friendlyWorkspaces.get(board);
  ws.rules = rules;
  ws.target = -1;
  // A retreat phase's units are usually those its movement phase left, in their order.
  const onBoard = (ws.onBoard = readUnits(board, position.units, ON_BOARD, unitsAfterMovement(board)));
  ws.occupant = onBoard.unitAt;
  const from = (ws.from = position.dislodged);
  ws.dislodged = readUnits(board, from, DISLODGED);
  const { standoff, attackFrom, byConvoy } = ws;
  standoff.fill(0);
  const standoffs = position.standoffs;
  for (let i = 0; i < standoffs.length; i++) {
    const p = board.provinceId(standoffs[i]!);
    if (p >= 0) standoff[p] = 1;
  }
  for (let u = 0; u < from.length; u++) {
    const d = from[u]!;
    attackFrom[u] = d.from === undefined ? -1 : board.provinceId(d.from);
    byConvoy[u] = d.byConvoy === true ? 1 : 0;
  }
  // Only the `gm-order` default reads the owners.
  ws.owner = rules['retreat-default'] === 'gm-order' ? readOwners(board, position.owners) : NO_OWNERS;
  return ws;
}

function illegal(order: Order, reason: Reason): OrderResult {
  return { order, status: 'illegal', reason, detail: reasonText(reason) };
}

function failed(order: Order, reason: Reason): OrderResult {
  return { order, status: 'fails', reason, detail: reasonText(reason) };
}

/** The dislodged unit a retreat phase order stands for (its target, a location or DISBAND, in `ctx.target`), or -1 with why not in `found.reason`. */
function checkRetreatOrder(ctx: RetreatCtx, order: Order): number {
  const { board, rules, dislodged } = ctx;
  if (order.type !== 'retreat' && order.type !== 'move' && order.type !== 'disband') return refuse('wrong-phase');
  let u = listedUnit(ctx.from, order);
  if (u < 0) {
    const power = board.powerId(order.power);
    if (power < 0) return refuse('wrong-power');
    u = findUnitIndex(board, rules, dislodged, order.unit, power, false);
    if (u < 0) {
      // 6.H.4: a unit that was not dislodged cannot move in the retreat phase.
      if (found.reason !== 'no-unit') return -1;
      return refuse(findUnitIndex(board, rules, ctx.onBoard, order.unit, power, false) >= 0 ? 'not-dislodged' : 'no-unit');
    }
    if (dislodged.power[u] !== power) return refuse('wrong-power');
  }
  if (order.type === 'disband') {
    ctx.target = DISBAND;
    return u;
  }
  // A province named as the board names it is its location (every other location's name has a '/'):
  // what destinationOf reads from it, without its look-up of the text.
  const to = board.locId(order.to);
  const plain = to >= 0 && to < board.provinceCount;
  const prov = plain ? to : destinationOf(board, rules, order.to, dislodged.kind[u]!);
  if (prov < 0) return -1;
  const reason = retreatRefusal(ctx, u, prov, plain ? -1 : found.coast);
  return reason === undefined ? u : refuse(reason);
}

/**
 * The dislodged unit an order names as the position lists it (the same place,
 * unit type and power, as an order chosen from the legal ones does), or -1: it
 * is the unit `findUnitIndex` finds, with nothing wrongly written, found
 * without looking the names up.
 */
function listedUnit(from: readonly DislodgedUnit[], order: Order & { unit: UnitRef }): number {
  const ref = order.unit;
  for (let u = 0; u < from.length; u++) {
    const d = from[u]!;
    if (d.at === ref.at) return d.kind === ref.kind && d.power === order.power ? u : -1;
  }
  return -1;
}

function refuse(reason: Reason): number {
  found.reason = reason;
  return -1;
}

/** The location unit `u` retreats to in province `prov`, or why it may not. */
export function retreatTarget(ctx: RetreatRules, u: number, prov: number, coast: number): number | { reason: Reason } {
  const reason = retreatRefusal(ctx, u, prov, coast);
  return reason === undefined ? ctx.target : { reason };
}

/**
 * Why unit `u` may not retreat to province `prov` (coast as written, -1 for
 * none), or undefined when it may: then the location is left in `ctx.target`
 * (so that the integer path allocates nothing).
 */
export function retreatRefusal(ctx: RetreatRules, u: number, prov: number, coast: number): Reason | undefined {
  const { board, rules, occupant, dislodged } = ctx;
  if (prov === dislodged.prov[u]) return 'same-province';
  const kind = dislodged.kind[u]!;
  if (!board.kindMayEnter(kind === FLEET ? FLEET : ARMY, prov)) return 'wrong-unit-kind';
  let loc: number;
  if (kind === FLEET) {
    loc = fleetDestinationLoc(board, rules, dislodged.loc[u]!, prov, coast);
    if (loc < 0) return found.reason;
  } else {
    if (!board.armyCanReach(dislodged.prov[u]!, prov)) return 'not-adjacent';
    loc = prov;
  }
  if (occupant[prov]! >= 0) return 'occupied';
  if (ctx.attackFrom[u] === prov) {
    const allowed = ctx.byConvoy[u] === 1 && rules['retreat-to-convoy-origin'] === 'allowed';
    if (!allowed) return 'attacker-origin';
  }
  if (ctx.standoff[prov]) return 'standoff';
  ctx.target = loc;
  return undefined;
}

/** Every legal retreat of unit `u` (locations). */
export function retreatOptions(ctx: RetreatRules, u: number): number[] {
  const { board, dislodged } = ctx;
  const out: number[] = [];
  const adj = dislodged.kind[u] === FLEET ? board.fleetAdj : board.armyAdj;
  const from = dislodged.loc[u]!;
  for (let i = adj.offsets[from]!; i < adj.offsets[from + 1]!; i++) {
    const to = adj.targets[i]!;
    const prov = board.provinceOf(to);
    const coast = to === prov ? -1 : to;
    const target = retreatTarget(ctx, u, prov, coast);
    if (typeof target === 'number' && !out.includes(target)) out.push(target);
  }
  return out;
}

/**
 * The dislodged units `pick` chooses, in the board's order of the provinces
 * they stand in (one unit a province). `retreat-default` takes them in this
 * order: the draws of a phase follow one another, so which unit gets which
 * draw must not depend on the order the position lists them in.
 */
export function inProvinceOrder(dislodged: { readonly n: number; readonly prov: ArrayLike<number> }, pick: (u: number) => boolean): readonly number[] {
  let first = 0;
  while (first < dislodged.n && !pick(first)) first++;
  // Most retreat phases have no unit without an order: then nothing is allocated (the integer path's promise).
  if (first === dislodged.n) return NO_UNITS;
  const out = [first];
  for (let u = first + 1; u < dislodged.n; u++) if (pick(u)) out.push(u);
  return out.length < 2 ? out : out.sort((a, b) => dislodged.prov[a]! - dislodged.prov[b]!);
}

const NO_UNITS: readonly number[] = Object.freeze([]);

/** `retreat-default`: what a dislodged unit without a usable order does. */
export function defaultRetreat(ctx: RetreatRules, u: number, rng: () => Rng): number {
  // A neutral unit never retreats: no one orders it, and no default moves it (rule `neutral-units`).
  if (ctx.dislodged.power[u] === ctx.board.neutralPower) return DISBAND;
  const rule = ctx.rules['retreat-default'];
  if (rule === 'disband') return DISBAND;
  const options = retreatOptions(ctx, u);
  if (options.length === 0) return DISBAND;
  if (rule === 'lot') return options[drawIndex(rng(), options.length)]!;
  return gameMasterRetreat(ctx, u, options, rng());
}

/**
 * `gm-order`: an own supply centre; else towards home (closer to its home
 * country than where it stands, by the fewest moves); else a supply centre
 * not owned by its power; else, for a fleet, a sea; else by lot. Ties within a
 * preference are drawn by lot. Rule 000 §10b says "towards one's own country"
 * (本国方向), so home is the whole home country (`Board.homeCountry`: the
 * map's `country` list with the home centres), not the home centres alone.
 */
function gameMasterRetreat(ctx: RetreatRules, u: number, options: number[], rng: Rng): number {
  const { board, dislodged, owner } = ctx;
  const power = dislodged.power[u]!;
  const isHome = (p: number): boolean => board.homeCountry[p] === power;
  const here = provinceDistance(board, dislodged.prov[u]!, isHome);
  const prov = (l: number): number => board.provinceOf(l);
  const homeward = options.map((l) => provinceDistance(board, prov(l), isHome)).filter((d) => d < here);
  const fewest = homeward.length > 0 ? homeward.reduce((a, b) => Math.min(a, b)) : -1;
  const preferences: ((l: number) => boolean)[] = [
    (l) => board.supplyCentre[prov(l)] === 1 && owner[prov(l)] === power,
    (l) => provinceDistance(board, prov(l), isHome) === fewest,
    (l) => board.supplyCentre[prov(l)] === 1 && owner[prov(l)] !== power,
    (l) => dislodged.kind[u] === FLEET && board.terrain[prov(l)] === TERRAIN_SEA,
  ];
  for (const prefer of preferences) {
    const fit = options.filter(prefer);
    if (fit.length > 0) return fit[drawIndex(rng, fit.length)]!;
  }
  return options[drawIndex(rng, options.length)]!;
}

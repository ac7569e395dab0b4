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
import { positionAfter } from '../game/phases.js';
import type { DislodgedUnit, Position, Unit } from '../game/position.js';
import type { Order } from '../orders/order.js';
import { drawIndex, PhaseDraws, type Rng } from './prng.js';
import { readOwners } from './adjustment/index.js';
import type { OrderResult, PhaseResult } from './result.js';
import { reasonText, type Reason } from './reasons.js';
import { findUnit, fleetDestination, readDestination } from './refs.js';
import { DISLODGED, ON_BOARD, readUnits, type UnitTable } from './units.js';

/** What a dislodged unit ends up doing. */
export const DISBAND = -2;

/**
 * What the retreat rules read, as integer columns: shared by the friendly
 * adjudication (`RetreatCtx`) and the integer one (`retreat-ints.ts`).
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

export interface RetreatCtx extends RetreatRules {
  /** The units on the board (they block retreats). */
  onBoard: UnitTable;
  /** The dislodged units. */
  dislodged: UnitTable;
  from: readonly DislodgedUnit[];
}

export function adjudicateRetreat(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  seed: number,
): PhaseResult {
  if (position.dislodged.length === 0 && orders.length === 0) return passOver(board, rules, position);
  const ctx = retreatContext(board, rules, position);
  const { dislodged } = ctx;

  const results: (OrderResult | undefined)[] = orders.map(() => undefined);
  // Per dislodged unit: the order indexes that stand and the target location (DISBAND for a disband).
  const perUnit: { index: number; target: number }[][] = Array.from({ length: dislodged.n }, () => []);
  orders.forEach((order, index) => {
    const checked = checkRetreatOrder(ctx, order);
    if ('reason' in checked) results[index] = { order, status: 'illegal', reason: checked.reason, detail: reasonText(checked.reason) };
    else perUnit[checked.unit]!.push({ index, target: checked.target });
  });

  // One order per unit (DATC 4.D.3); exact repeats count once.
  const choice = new Int32Array(dislodged.n).fill(-1);
  const chosenIndex = new Int32Array(dislodged.n).fill(-1);
  for (let u = 0; u < dislodged.n; u++) {
    const list = perUnit[u]!;
    const targets = [...new Set(list.map((c) => c.target))];
    let keep: number | undefined;
    if (targets.length === 1) keep = targets[0];
    else if (targets.length > 1) {
      const rule = rules['duplicate-orders'];
      keep = rule === 'first' ? list[0]!.target : rule === 'last' ? list[list.length - 1]!.target : undefined;
    }
    for (const c of list) {
      if (keep === undefined || c.target !== keep) {
        results[c.index] = { order: orders[c.index]!, status: 'illegal', reason: 'duplicate-order', detail: reasonText('duplicate-order') };
      } else if (chosenIndex[u] === -1) {
        chosenIndex[u] = c.index;
      }
    }
    if (keep !== undefined) choice[u] = keep;
  }

  // Units without a usable order.
  const draws = new PhaseDraws();
  draws.reset(seed, position.phase);
  for (let u = 0; u < dislodged.n; u++) if (choice[u] === -1) choice[u] = defaultRetreat(ctx, u, draws.get);

  // Two or more units retreating to one province are all disbanded.
  const count = retreatScratch(board).count.fill(0);
  for (let u = 0; u < dislodged.n; u++) if (choice[u]! >= 0) count[board.provinceOf(choice[u]!)]! += 1;
  const retreated: Unit[] = [];
  const clash = new Uint8Array(dislodged.n);
  for (let u = 0; u < dislodged.n; u++) {
    const target = choice[u]!;
    if (target < 0) continue;
    if (count[board.provinceOf(target)]! > 1) {
      clash[u] = 1;
      continue;
    }
    const d = position.dislodged[u]!;
    retreated.push({ power: d.power, kind: d.kind, at: board.locName(target) });
  }

  const final: OrderResult[] = orders.map((order, index) => {
    const r = results[index];
    if (r) return r;
    const u = unitOfOrder(perUnit, index);
    if (u >= 0 && clash[u]) return failed(order, 'retreat-clash');
    return { order, status: 'succeeds' };
  });
  // The units on the board are shared with the position before (see positionAfter, game/phases.ts).
  const next = positionAfter(board, rules, position.phase, {
    units: [...position.units, ...retreated],
    dislodged: [],
    owners: position.owners,
    standoffs: [],
  });
  return { results: final, dislodged: [], next };
}

/** Whether a retreat phase has a unit to order: a dislodged unit of a power (neutral ones are simply disbanded). */
export function retreatsDue(position: Pick<Position, 'dislodged'>): boolean {
  return position.dislodged.some((d) => d.power !== NEUTRAL_POWER);
}

/**
 * A retreat phase with nothing dislodged and no orders, as a game passes over
 * it: the same result as the full adjudication, without its tables. The units
 * are still read, so that a position naming an unknown place throws as before.
 */
function passOver(board: Board, rules: RuleOptions, position: Position): PhaseResult {
  readUnits(board, position.units);
  // The unit objects are shared with the position before (see positionAfter, game/phases.ts).
  const next = positionAfter(board, rules, position.phase, {
    units: position.units.slice(),
    dislodged: [],
    owners: position.owners,
    standoffs: [],
  });
  return { results: [], dislodged: [], next };
}

/**
 * Per-province columns of the friendly retreat phase, made once per board:
 * each would be a typed array over 64 bytes, backed outside the heap and
 * costly to allocate per phase. Per dislodged unit, `attackFrom` and
 * `byConvoy` (read below the number of dislodged units, at most one per province).
 */
interface RetreatScratch {
  readonly standoff: Uint8Array;
  readonly attackFrom: Int32Array;
  readonly byConvoy: Uint8Array;
  /** Per province: the units retreating there. */
  readonly count: Int32Array;
}

const scratch = new WeakMap<Board, RetreatScratch>();

function retreatScratch(board: Board): RetreatScratch {
  let s = scratch.get(board);
  if (!s) {
    const P = board.provinceCount;
    scratch.set(board, (s = { standoff: new Uint8Array(P), attackFrom: new Int32Array(P), byConvoy: new Uint8Array(P), count: new Int32Array(P) }));
  }
  return s;
}

/**
 * The retreat context of a position's dislodged units, standoffs and owners
 * (its units block retreats), in the board's reusable columns (`readUnits`,
 * `readOwners`): valid until they are read again, by the next phase adjudicated
 * on the board.
 */
export function retreatContext(
  board: Board,
  rules: RuleOptions,
  position: Pick<Position, 'units' | 'dislodged' | 'standoffs' | 'owners'>,
): RetreatCtx {
  const onBoard = readUnits(board, position.units, ON_BOARD);
  const dislodged = readUnits(board, position.dislodged, DISLODGED);
  const { standoff, attackFrom, byConvoy } = retreatScratch(board);
  standoff.fill(0);
  for (const s of position.standoffs) {
    const p = board.provinceId(s);
    if (p >= 0) standoff[p] = 1;
  }
  position.dislodged.forEach((d, u) => {
    attackFrom[u] = d.from === undefined ? -1 : board.provinceId(d.from);
    byConvoy[u] = d.byConvoy === true ? 1 : 0;
  });
  const owner = readOwners(board, position.owners);
  return { board, rules, onBoard, occupant: onBoard.unitAt, dislodged, from: position.dislodged, attackFrom, byConvoy, standoff, owner, target: -1 };
}

function unitOfOrder(perUnit: readonly { index: number }[][], index: number): number {
  for (let u = 0; u < perUnit.length; u++) if (perUnit[u]!.some((c) => c.index === index)) return u;
  return -1;
}

function failed(order: Order, reason: Reason): OrderResult {
  return { order, status: 'fails', reason, detail: reasonText(reason) };
}

type CheckedRetreat = { unit: number; target: number } | { reason: Reason };

function checkRetreatOrder(ctx: RetreatCtx, order: Order): CheckedRetreat {
  const { board, rules, onBoard, dislodged } = ctx;
  if (order.type !== 'retreat' && order.type !== 'move' && order.type !== 'disband') return { reason: 'wrong-phase' };
  const power = board.powerId(order.power);
  if (power < 0) return { reason: 'wrong-power' };
  const f = findUnit(board, rules, dislodged, order.unit, power, false);
  if (!f.ok) {
    // 6.H.4: a unit that was not dislodged cannot move in the retreat phase.
    if (f.reason === 'no-unit' && findUnit(board, rules, onBoard, order.unit, power, false).ok) return { reason: 'not-dislodged' };
    return { reason: f.reason };
  }
  const u = f.unit;
  if (dislodged.power[u] !== power) return { reason: 'wrong-power' };
  if (order.type === 'disband') return { unit: u, target: DISBAND };
  const kind = dislodged.kind[u]!;
  const dest = readDestination(board, rules, order.to, kind);
  if (!dest.ok) return { reason: dest.reason };
  const target = retreatTarget(ctx, u, dest.prov, dest.coast);
  return typeof target === 'number' ? { unit: u, target } : target;
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
    const to = fleetDestination(board, rules, dislodged.loc[u]!, prov, coast);
    if (!to.ok) return to.reason;
    loc = to.loc;
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
  const fewest = homeward.length > 0 ? Math.min(...homeward) : -1;
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

/**
 * Adjustment phase adjudication: each power compares its supply centres with
 * its units. A power with more centres builds (at most the difference, one per
 * province, on its build sites, or waives); a power with more units removes
 * the difference, by its disband orders (`excess-disbands`, DATC 4.D.6) and,
 * for what it leaves out, by the civil disorder rule (`removal-order`, 4.D.8).
 * With `voluntary-disbands`, any power may disband units; disbands come first,
 * so the freed centre can be built on.
 */
import type { Board } from '../../board/board.js';
import { ARMY } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import { NEUTRAL_POWER } from '../../config/variant-config.js';
import { positionAfter } from '../../game/phases.js';
import type { Position, Unit } from '../../game/position.js';
import type { Order } from '../../orders/order.js';
import { PhaseDraws } from '../prng.js';
import type { OrderResult, PhaseResult } from '../result.js';
import { reasonText, type Reason } from '../reasons.js';
import { findUnitIndex, found } from '../refs.js';
import { joined, readUnits, type UnitTable } from '../units.js';
import { buildSiteReason, readBuild, selectBuilds, type Build } from './builds.js';
import { civilDisorderRemovals } from './civil-disorder.js';

/** Per province, the index of the power owning it, or -1. */
export function ownerTable(board: Board, owners: Readonly<Record<string, string>>): Int32Array {
  return fillOwners(board, owners, new Int32Array(board.provinceCount));
}

const reusableOwners = new WeakMap<Board, Int32Array>();

/**
 * `ownerTable` into the board's reusable column: valid until the next
 * `readOwners` on the board (as `readUnits`, units.ts, for the same reason).
 */
export function readOwners(board: Board, owners: Readonly<Record<string, string>>): Int32Array {
  let out = reusableOwners.get(board);
  if (!out) reusableOwners.set(board, (out = new Int32Array(board.provinceCount)));
  return fillOwners(board, owners, out);
}

function fillOwners(board: Board, owners: Readonly<Record<string, string>>, out: Int32Array): Int32Array {
  out.fill(-1);
  // for-in rather than Object.entries: no array of pairs per phase (an owners object has no inherited keys).
  for (const c in owners) {
    const prov = board.provinceId(c);
    if (prov >= 0) out[prov] = board.powerId(owners[c]!);
  }
  return out;
}

/** Per power: supply centres owned minus units (into `out`, sized `powerCount`, when given). */
export function balances(
  board: Board,
  owner: ArrayLike<number>,
  units: { readonly n: number; readonly power: ArrayLike<number> },
  out: Int32Array = new Int32Array(board.powerCount),
): Int32Array {
  out.fill(0);
  // Bounds and columns read once: the unit tables passed here are of several classes, and a
  // property read in a loop's condition is a look-up on each turn.
  const { provinceCount, powerCount, supplyCentre } = board;
  for (let p = 0; p < provinceCount; p++) {
    const o = owner[p]!;
    if (supplyCentre[p] && o >= 0 && o < powerCount) out[o]! += 1;
  }
  // Neutral units (power index powerCount) are no power's: they count against no one.
  const { n, power } = units;
  for (let u = 0; u < n; u++) if (power[u]! < powerCount) out[power[u]!]! -= 1;
  return out;
}

/** Whether any power has something to order in this adjustment phase: removals, or builds with a free site. */
export function adjustmentsDue(board: Board, rules: RuleOptions, position: Position): boolean {
  const units = readUnits(board, position.units);
  const owner = readOwners(board, position.owners);
  return adjustmentsDueOn(board, rules, units.unitAt, (q) => owner[q]!, balances(board, owner, units, adjustmentScratch(board).balance));
}

/** `adjustmentsDue` on integer columns: the unit in each province (or -1), the owner of each, and each power's balance. */
export function adjustmentsDueOn(
  board: Board,
  rules: RuleOptions,
  unitAt: ArrayLike<number>,
  ownerOf: (prov: number) => number,
  balance: ArrayLike<number>,
): boolean {
  for (let p = 0; p < board.powerCount; p++) {
    if (balance[p]! < 0) return true;
    if (balance[p]! === 0) continue;
    for (let prov = 0; prov < board.provinceCount; prov++) {
      if (unitAt[prov]! < 0 && buildSiteReason(board, rules, ownerOf, p, prov) === undefined) return true;
    }
  }
  // Neutral rebuilds need no orders: a phase passed over is still adjudicated, so they happen then.
  return false;
}

/**
 * `neutral-units hold-and-rebuild`: the provinces where a neutral army is built,
 * every supply centre no power owns that is empty and takes an army, in board
 * order. None in a variant without neutral units.
 */
export function neutralRebuilds(board: Board, rules: RuleOptions, owner: ArrayLike<number>, occupied: (prov: number) => boolean): number[] {
  if (rules['neutral-units'] !== 'hold-and-rebuild' || board.neutralPower < 0) return [];
  const out: number[] = [];
  for (let prov = 0; prov < board.provinceCount; prov++) {
    if (board.supplyCentre[prov] && owner[prov]! < 0 && !occupied(prov) && board.kindMayEnter(ARMY, prov)) out.push(prov);
  }
  return out;
}

/**
 * `auto-builds army`: the armies a power builds beyond its orders, `count` at
 * most, on its free build sites that take an army, in board order.
 */
export function automaticBuilds(
  board: Board,
  rules: RuleOptions,
  ownerOf: (prov: number) => number,
  power: number,
  count: number,
  occupied: (prov: number) => boolean,
): number[] {
  const out: number[] = [];
  for (let prov = 0; prov < board.provinceCount && out.length < count; prov++) {
    if (occupied(prov) || !board.kindMayEnter(ARMY, prov)) continue;
    if (buildSiteReason(board, rules, ownerOf, power, prov) === undefined) out.push(prov);
  }
  return out;
}

const illegal = (order: Order, reason: Reason): OrderResult => ({ order, status: 'illegal', reason, detail: reasonText(reason) });
const failed = (order: Order, reason: Reason): OrderResult => ({ order, status: 'fails', reason, detail: reasonText(reason) });

export function adjudicateAdjustment(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  seed: number,
): PhaseResult {
  const units = readUnits(board, position.units);
  const owner = readOwners(board, position.owners);
  const ownerOf = (prov: number): number => owner[prov]!;
  const sc = adjustmentScratch(board);
  const balance = balances(board, owner, units, sc.balance);
  const m = orders.length;
  const results: (OrderResult | undefined)[] = new Array<OrderResult | undefined>(m).fill(undefined);
  const P = board.powerCount;

  // Sort the orders by power and kind; anything else is out of place here. A power's lists
  // are made at its first order (most powers give none in a phase).
  const disbands: ({ index: number; unit: number }[] | undefined)[] = new Array<{ index: number; unit: number }[] | undefined>(P).fill(undefined);
  const builds: (number[] | undefined)[] = new Array<number[] | undefined>(P).fill(undefined);
  for (let index = 0; index < m; index++) {
    const order = orders[index]!;
    const p = board.powerId(order.power);
    if (p < 0) {
      results[index] = illegal(order, 'wrong-power');
    } else if (order.type === 'disband') {
      const u = findUnitIndex(board, rules, units, order.unit, p, false);
      if (u < 0) results[index] = illegal(order, found.reason);
      else if (units.power[u] !== p) results[index] = illegal(order, 'wrong-power');
      else (disbands[p] ??= []).push({ index, unit: u });
    } else if (order.type === 'build' || order.type === 'waive') {
      (builds[p] ??= []).push(index);
    } else {
      // Lists are written with the fall movement orders, never in an adjustment phase.
      const list = order.type === 'build-list' || order.type === 'disband-list';
      const why = !list ? 'wrong-phase' : rules.adjustments === 'priority-list' ? 'not-adjustment-time' : 'no-adjustment-lists';
      results[index] = illegal(order, why);
    }
  }

  const { removed, removedOf } = sc;
  removed.fill(0, 0, units.n);
  removedOf.fill(0);
  let anyRemoved = false;
  const remove = (u: number): void => {
    if (removed[u]) return;
    removed[u] = 1;
    anyRemoved = true;
    removedOf[units.power[u]!]! += 1;
  };
  const civilDisorder: Unit[] = [];
  // The generator is made at the first draw: most phases draw nothing.
  let draws: PhaseDraws | undefined;
  const voluntary = rules['voluntary-disbands'];
  for (let p = 0; p < P; p++) {
    const written = disbands[p];
    const need = -balance[p]!;
    if (written === undefined && need <= 0) continue;
    const list = written === undefined ? NO_DISBANDS : dedupeDisbands(orders, written, results);
    if (voluntary) {
      for (const d of list) remove(d.unit);
    } else if (need <= 0) {
      for (const d of list) results[d.index] = illegal(orders[d.index]!, 'no-disbands');
    } else {
      let used = list;
      if (list.length > need) {
        const rule = rules['excess-disbands'];
        used = rule === 'first' ? list.slice(0, need) : rule === 'last' ? list.slice(list.length - need) : [];
        for (const d of list) if (!used.includes(d)) results[d.index] = failed(orders[d.index]!, 'too-many-disbands');
      }
      for (const d of used) remove(d.unit);
    }
    const stillNeeded = need - removedOf[p]!;
    if (stillNeeded > 0) {
      const candidates: number[] = [];
      for (let u = 0; u < units.n; u++) if (units.power[u] === p && !removed[u]) candidates.push(u);
      if (!draws) {
        draws = new PhaseDraws();
        draws.reset(seed, position.phase);
      }
      for (const u of civilDisorderRemovals(board, rules, units, ownerOf, candidates, stillNeeded, draws.get())) {
        remove(u);
        civilDisorder.push({ ...units.units[u]! });
      }
    }
  }

  const built: Unit[] = [];
  // Builds made for powers by `auto-builds`, beyond their orders.
  const automatic: Unit[] = [];
  const autoArmies = rules['auto-builds'] === 'army';
  // Whether a unit stands in a province after the phase: one that stays, or one built so far.
  const occupied = (prov: number): boolean =>
    (units.unitAt[prov]! >= 0 && !removed[units.unitAt[prov]!]) || built.some((b) => board.provinceOf(board.locId(b.at)) === prov);
  for (let p = 0; p < P; p++) {
    const written = builds[p];
    const allowed = balance[p]! + removedOf[p]!;
    let used = 0;
    if (written !== undefined) {
      const entries: { index: number; prov: number; build: Build | undefined }[] = [];
      for (const index of written) {
        const order = orders[index]!;
        const reason = checkBuildOrWaive(board, rules, units, removed, ownerOf, p, order, allowed);
        if (typeof reason === 'string') results[index] = illegal(order, reason);
        else entries.push({ index, prov: reason?.prov ?? -1, build: reason });
      }
      const selection = selectBuilds(rules, entries, allowed);
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        const why = selection[i];
        if (why) results[e.index] = failed(orders[e.index]!, why);
        else {
          used++;
          if (e.build) built.push({ power: board.powerIds[p]!, kind: e.build.kind, at: board.locName(e.build.loc) });
        }
      }
    }
    if (autoArmies && allowed > used) {
      for (const prov of automaticBuilds(board, rules, ownerOf, p, allowed - used, occupied)) {
        const unit: Unit = { power: board.powerIds[p]!, kind: 'army', at: board.provinceName(prov) };
        built.push(unit);
        automatic.push(unit);
      }
    }
  }
  const rebuilt = neutralRebuilds(board, rules, owner, occupied);
  for (const prov of rebuilt) built.push({ power: NEUTRAL_POWER, kind: 'army', at: board.provinceName(prov) });

  const final: OrderResult[] = new Array<OrderResult>(m);
  for (let i = 0; i < m; i++) final[i] = results[i] ?? { order: orders[i]!, status: 'succeeds' };
  // The units that stay are shared with the position before (see positionAfter, game/phases.ts).
  const before = position.units;
  let after: Unit[];
  if (!anyRemoved) after = joined(before, built);
  else {
    // At its size (see `joined`).
    let count = built.length;
    for (let u = 0; u < before.length; u++) if (!removed[u]) count++;
    after = new Array<Unit>(count);
    let k = 0;
    for (let u = 0; u < before.length; u++) if (!removed[u]) after[k++] = before[u]!;
    for (let i = 0; i < built.length; i++) after[k++] = built[i]!;
  }
  const next = positionAfter(board, rules, position.phase, {
    units: after,
    dislodged: [],
    owners: position.owners,
    standoffs: [],
  });
  const unordered = rebuilt.length > 0 ? [...automatic, ...built.filter((b) => b.power === NEUTRAL_POWER)] : automatic;
  return {
    results: final,
    dislodged: [],
    next,
    ...(civilDisorder.length > 0 ? { removed: civilDisorder } : {}),
    ...(unordered.length > 0 ? { built: unordered } : {}),
  };
}

/**
 * Columns of the friendly adjustment phase, made once per board (typed arrays
 * cost more to make than a phase spends using them): each power's balance,
 * the units removed, and per power how many.
 */
interface AdjustmentScratch {
  readonly balance: Int32Array;
  readonly removed: Uint8Array;
  readonly removedOf: Int32Array;
}

const scratch = new WeakMap<Board, AdjustmentScratch>();

function adjustmentScratch(board: Board): AdjustmentScratch {
  let s = scratch.get(board);
  if (!s) {
    const P = board.powerCount;
    scratch.set(board, (s = { balance: new Int32Array(P), removed: new Uint8Array(board.provinceCount), removedOf: new Int32Array(P + 1) }));
  }
  return s;
}

const NO_DISBANDS: readonly { index: number; unit: number }[] = Object.freeze([]);

/** A unit named in two disband orders is removed once; the repeat is a duplicate order (6.J.2). */
function dedupeDisbands(
  orders: readonly Order[],
  list: readonly { index: number; unit: number }[],
  results: (OrderResult | undefined)[],
): readonly { index: number; unit: number }[] {
  if (list.length < 2) return list;
  const out: { index: number; unit: number }[] = [];
  outer: for (const d of list) {
    for (const e of out) {
      if (e.unit === d.unit) {
        results[d.index] = illegal(orders[d.index]!, 'duplicate-order');
        continue outer;
      }
    }
    out.push(d);
  }
  return out;
}

/** A build's unit, undefined for a legal waive, or the reason the order is illegal. */
function checkBuildOrWaive(
  board: Board,
  rules: RuleOptions,
  units: UnitTable,
  removed: Uint8Array,
  ownerOf: (prov: number) => number,
  power: number,
  order: Order,
  allowed: number,
): Build | undefined | Reason {
  if (allowed <= 0) return 'no-builds';
  if (order.type === 'waive') return rules['waive-builds'] ? undefined : 'waive-not-allowed';
  if (order.type !== 'build') return 'wrong-phase';
  const build = readBuild(board, rules, order);
  if ('reason' in build) return build.reason;
  const site = buildSiteReason(board, rules, ownerOf, power, build.prov);
  if (site) return site;
  const there = units.unitAt[build.prov]!;
  if (there >= 0 && !removed[there]) return 'occupied';
  return build;
}

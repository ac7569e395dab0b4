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
import { findUnit } from '../refs.js';
import { readUnits, type UnitTable } from '../units.js';
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
  for (let p = 0; p < board.provinceCount; p++) if (board.supplyCentre[p] && owner[p]! >= 0 && owner[p]! < board.powerCount) out[owner[p]!]! += 1;
  // Neutral units (power index powerCount) are no power's: they count against no one.
  for (let u = 0; u < units.n; u++) if (units.power[u]! < board.powerCount) out[units.power[u]!]! -= 1;
  return out;
}

/** Whether any power has something to order in this adjustment phase: removals, or builds with a free site. */
export function adjustmentsDue(board: Board, rules: RuleOptions, position: Position): boolean {
  const units = readUnits(board, position.units);
  const owner = readOwners(board, position.owners);
  return adjustmentsDueOn(board, rules, units.unitAt, (q) => owner[q]!, balances(board, owner, units));
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
  const balance = balances(board, owner, units);
  const results: (OrderResult | undefined)[] = orders.map(() => undefined);

  // Sort the orders by power and kind; anything else is out of place here.
  const disbands: { index: number; unit: number }[][] = Array.from({ length: board.powerCount }, () => []);
  const builds: number[][] = Array.from({ length: board.powerCount }, () => []);
  orders.forEach((order, index) => {
    const p = board.powerId(order.power);
    if (p < 0) return void (results[index] = illegal(order, 'wrong-power'));
    if (order.type === 'disband') {
      const f = findUnit(board, rules, units, order.unit, p, false);
      if (!f.ok) return void (results[index] = illegal(order, f.reason));
      if (units.power[f.unit] !== p) return void (results[index] = illegal(order, 'wrong-power'));
      disbands[p]!.push({ index, unit: f.unit });
    } else if (order.type === 'build' || order.type === 'waive') {
      builds[p]!.push(index);
    } else {
      // Lists are written with the fall movement orders, never in an adjustment phase.
      const list = order.type === 'build-list' || order.type === 'disband-list';
      const why = !list ? 'wrong-phase' : rules.adjustments === 'priority-list' ? 'not-adjustment-time' : 'no-adjustment-lists';
      results[index] = illegal(order, why);
    }
  });

  const removed = new Uint8Array(units.n);
  const civilDisorder: Unit[] = [];
  // The generator is made at the first draw: most phases draw nothing.
  const draws = new PhaseDraws();
  draws.reset(seed, position.phase);
  for (let p = 0; p < board.powerCount; p++) {
    const list = dedupeDisbands(orders, disbands[p]!, results);
    const need = -balance[p]!;
    if (rules['voluntary-disbands']) {
      for (const d of list) removed[d.unit] = 1;
    } else if (need <= 0) {
      for (const d of list) results[d.index] = illegal(orders[d.index]!, 'no-disbands');
    } else {
      let used = list;
      if (list.length > need) {
        const rule = rules['excess-disbands'];
        used = rule === 'first' ? list.slice(0, need) : rule === 'last' ? list.slice(list.length - need) : [];
        for (const d of list) if (!used.includes(d)) results[d.index] = failed(orders[d.index]!, 'too-many-disbands');
      }
      for (const d of used) removed[d.unit] = 1;
    }
    const stillNeeded = need - countRemoved(units, removed, p);
    if (stillNeeded > 0) {
      const candidates: number[] = [];
      for (let u = 0; u < units.n; u++) if (units.power[u] === p && !removed[u]) candidates.push(u);
      for (const u of civilDisorderRemovals(board, rules, units, ownerOf, candidates, stillNeeded, draws.get())) {
        removed[u] = 1;
        civilDisorder.push({ ...units.units[u]! });
      }
    }
  }

  const built: Unit[] = [];
  // Builds made for powers by `auto-builds`, beyond their orders.
  const automatic: Unit[] = [];
  for (let p = 0; p < board.powerCount; p++) {
    const allowed = balance[p]! + countRemoved(units, removed, p);
    const entries: { index: number; prov: number; build: Build | undefined }[] = [];
    for (const index of builds[p]!) {
      const order = orders[index]!;
      const reason = checkBuildOrWaive(board, rules, units, removed, ownerOf, p, order, allowed);
      if (typeof reason === 'string') results[index] = illegal(order, reason);
      else entries.push({ index, prov: reason?.prov ?? -1, build: reason });
    }
    const selection = selectBuilds(rules, entries, allowed);
    let used = 0;
    entries.forEach((e, i) => {
      const why = selection[i];
      const order = orders[e.index]!;
      if (why) results[e.index] = failed(order, why);
      else {
        used++;
        if (e.build) built.push({ power: board.powerIds[p]!, kind: e.build.kind, at: board.locName(e.build.loc) });
      }
    });
    if (rules['auto-builds'] === 'army' && allowed > used) {
      const taken = (prov: number): boolean =>
        (units.unitAt[prov]! >= 0 && !removed[units.unitAt[prov]!]) || built.some((b) => board.provinceOf(board.locId(b.at)) === prov);
      for (const prov of automaticBuilds(board, rules, ownerOf, p, allowed - used, taken)) {
        const unit: Unit = { power: board.powerIds[p]!, kind: 'army', at: board.provinceName(prov) };
        built.push(unit);
        automatic.push(unit);
      }
    }
  }
  const stands = (prov: number): boolean =>
    (units.unitAt[prov]! >= 0 && !removed[units.unitAt[prov]!]) || built.some((b) => board.provinceOf(board.locId(b.at)) === prov);
  for (const prov of neutralRebuilds(board, rules, owner, stands)) built.push({ power: NEUTRAL_POWER, kind: 'army', at: board.provinceName(prov) });

  const final = orders.map((order, i) => results[i] ?? { order, status: 'succeeds' as const });
  // The units that stay are shared with the position before (see positionAfter, game/phases.ts).
  const next = positionAfter(board, rules, position.phase, {
    units: [...position.units.filter((_, u) => !removed[u]), ...built],
    dislodged: [],
    owners: position.owners,
    standoffs: [],
  });
  const unordered = [...automatic, ...built.filter((b) => b.power === NEUTRAL_POWER)];
  return {
    results: final,
    dislodged: [],
    next,
    ...(civilDisorder.length > 0 ? { removed: civilDisorder } : {}),
    ...(unordered.length > 0 ? { built: unordered } : {}),
  };
}

function countRemoved(units: UnitTable, removed: Uint8Array, power: number): number {
  let n = 0;
  for (let u = 0; u < units.n; u++) if (removed[u] && units.power[u] === power) n++;
  return n;
}

/** A unit named in two disband orders is removed once; the repeat is a duplicate order (6.J.2). */
function dedupeDisbands(
  orders: readonly Order[],
  list: readonly { index: number; unit: number }[],
  results: (OrderResult | undefined)[],
): { index: number; unit: number }[] {
  const seen = new Set<number>();
  const out: { index: number; unit: number }[] = [];
  for (const d of list) {
    if (seen.has(d.unit)) {
      results[d.index] = illegal(orders[d.index]!, 'duplicate-order');
      continue;
    }
    seen.add(d.unit);
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

/**
 * Adjustment phase adjudication: each power compares its supply centres with
 * its units. A power with more centres builds (at most the difference, one per
 * province, on its build sites, or waives); a power with more units removes
 * the difference, by its disband orders (`excess-disbands`, DATC 4.D.6) and,
 * for what it leaves out, by the civil disorder rule (`removal-order`, 4.D.8).
 * With `voluntary-disbands`, any power may disband units; disbands come first,
 * so the freed centre can be built on.
 *
 * The rules are written once, here, on integer columns: units, centre owners
 * and orders (disbands, builds, waives) in, the units removed and built out.
 * `adjudicateAdjustmentInts` is this core; the friendly `adjudicatePhase`
 * reads names into its columns first (adjudicate.ts). A disbanded unit is
 * named by its index and a build by its location.
 *
 * Working columns are allocated once per board and reused. A phase allocates
 * only where the rules need a list: builds that compete (two in one province,
 * or more than allowed), removals by `removal-order`, `auto-builds army` and
 * neutral rebuilds.
 * The shapes the core is given and gives back are in columns.ts (and
 * exported from here too).
 */
import type { Board } from '../../board/board.js';
import { ARMY } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Phase } from '../../game/position.js';
import { STATUS_FAILS, STATUS_ILLEGAL, STATUS_SUCCEEDS } from '../movement/outcome.js';
import { PhaseDraws } from '../prng.js';
import { PerBoard } from '../per-board.js';
import { Slab } from '../slab.js';
import type { Reason } from '../reasons.js';
import type { UnitTable } from '../units.js';
import { BuildTable, builtKind } from './build-table.js';
import { selectBuilds } from './builds.js';
import { civilDisorderRemovals } from './civil-disorder.js';
import { automaticBuilds, balancesOf, neutralRebuilds } from './index.js';
import {
  ADJUSTMENT_ORDER,
  BUILT_AUTOMATICALLY,
  BUILT_BY_ORDER,
  BUILT_NEUTRAL,
  PLACE_BAD_COAST,
  PLACE_EXACT,
  PLACE_UNKNOWN,
  type AdjustmentCore,
  type AdjustmentOrdersIn,
  type AdjustmentOrdersInts,
  type AdjustmentPositionInts,
  type AdjustmentResultInts,
} from './columns.js';

export * from './columns.js';

const DISBAND = ADJUSTMENT_ORDER.DISBAND;
const BUILD = ADJUSTMENT_ORDER.BUILD;
const WAIVE = ADJUSTMENT_ORDER.WAIVE;


/** The rarer rules' lists (civil disorder, competing builds) read the units as a `UnitTable`; filled only when they run. */
interface UnitColumns {
  n: number;
  units: never[];
  power: Int32Array;
  kind: Uint8Array;
  loc: Int32Array;
  prov: Int32Array;
  unitAt: Int32Array;
}

/**
 * The core's working columns, made once per board. The columns a phase reads
 * or writes share one buffer, in the order they are first used, and each
 * phase touches only the entries of its own units, powers and orders: a phase
 * adjudicated cold (a bot or a replay calls it between other work) pays a
 * cache miss for every line it reads.
 */
class AdjustmentWorkspace implements AdjustmentCore {
  readonly board: Board;
  /**
   * The phase's position (`take`): its units' columns, the owner of each
   * province, the phase. Read out of the caller's objects once per phase, so
   * that the rules below meet objects of one shape from every caller: V8
   * threw their optimized code away when a second caller's objects came.
   */
  unitCount = 0;
  unitPower: ArrayLike<number> = new Int32Array(0);
  unitKind: ArrayLike<number> = new Uint8Array(0);
  unitLoc: ArrayLike<number> = new Int32Array(0);
  owner: ArrayLike<number> = new Int32Array(0);
  phase: Phase | undefined;
  readonly ownerOf = (prov: number): number => this.owner[prov]!;
  /** Per province: the unit standing there, or -1 (all -1 between calls). */
  readonly unitAt: Int32Array;
  /** Per unit: 1 when it is removed (by an order or by `removal-order`). */
  readonly removed: Uint8Array;
  /** Per unit: 1 once named by a disband order of its power (duplicates). */
  readonly named: Uint8Array;
  readonly balance: Int32Array;
  /** Per power: how many of its units are removed so far. */
  readonly removedOf: Int32Array;
  /** Per power: its disband orders, and its build and waive orders (so that a power without any is passed over). */
  readonly disbandsOf: Int32Array;
  readonly buildsOf: Int32Array;
  /** A power's disband orders that stand. */
  readonly list: Int32Array;
  /** Per province: 1 once built on this phase (all 0 between calls). */
  readonly builtAt: Uint8Array;
  readonly builtPower: Int32Array;
  readonly builtKind: Uint8Array;
  readonly builtLoc: Int32Array;
  builtCount = 0;
  readonly builtBy: Uint8Array;
  readonly disorder: Int32Array;
  disorderCount = 0;
  /** Per order (`ensureOrders`): its status and reason, and a power's builds and waives that stand (`entryProv`: the build's province, -1 for a waive). */
  status: Uint8Array = new Uint8Array(0);
  reason: (Reason | undefined)[] = [];
  entryOrder: Int32Array = new Int32Array(0);
  entryProv: Int32Array = new Int32Array(0);
  entryKind: Uint8Array = new Uint8Array(0);
  entryLoc: Int32Array = new Int32Array(0);
  /** The units as a `UnitTable`, for `civilDisorderRemovals` (`unitTable`). */
  readonly units: UnitColumns;
  readonly builds: BuildTable;
  readonly taken = (prov: number): boolean => {
    const u = this.unitAt[prov]!;
    return (u >= 0 && this.removed[u] === 0) || this.builtAt[prov] === 1;
  };
  readonly draws = new PhaseDraws();
  /** What `adjudicateAdjustmentInts` returns: one object, its count and columns updated by each call. */
  readonly result: { status: Uint8Array; reason: (Reason | undefined)[]; removed: Uint8Array; builtCount: number; builtPower: Int32Array; builtKind: Uint8Array; builtLoc: Int32Array };

  constructor(board: Board) {
    const P = board.provinceCount;
    const PC = board.powerCount;
    this.board = board;
    const slab = new Slab(3 * P + 4 * PC + 1 + 4 * P, 4 * P);
    this.unitAt = slab.int32(P, -1);
    this.removed = slab.uint8(P);
    this.named = slab.uint8(P);
    this.balance = slab.int32(PC);
    this.removedOf = slab.int32(PC + 1);
    this.disbandsOf = slab.int32(PC);
    this.buildsOf = slab.int32(PC);
    this.list = slab.int32(P);
    this.builtAt = slab.uint8(P);
    // Builds: at most one per province, and neutral rebuilds (on centres), so the provinces bound them.
    this.builtPower = slab.int32(P);
    this.builtKind = slab.uint8(P);
    this.builtLoc = slab.int32(P);
    this.builtBy = slab.uint8(P);
    this.disorder = slab.int32(P);
    this.units = { n: 0, units: [], power: new Int32Array(P), kind: new Uint8Array(P), loc: new Int32Array(P), prov: new Int32Array(P), unitAt: this.unitAt };
    this.builds = new BuildTable(board);
    this.result = { status: this.status, reason: this.reason, removed: this.removed, builtCount: 0, builtPower: this.builtPower, builtKind: this.builtKind, builtLoc: this.builtLoc };
  }

  take(units: AdjustmentPositionInts['units'], owner: ArrayLike<number>, phase: Phase): void {
    this.unitCount = units.n;
    this.unitPower = units.power;
    this.unitKind = units.kind;
    this.unitLoc = units.loc;
    this.owner = owner;
    this.phase = phase;
  }

  /** Makes room for `n` orders. */
  ensureOrders(n: number): void {
    if (this.status.length >= n) return;
    const k = Math.max(n, this.status.length * 2, 32);
    const slab = new Slab(3 * k, 2 * k);
    this.status = slab.uint8(k);
    this.entryOrder = slab.int32(k);
    this.entryProv = slab.int32(k);
    this.entryKind = slab.uint8(k);
    this.entryLoc = slab.int32(k);
    this.reason = new Array<Reason | undefined>(k).fill(undefined);
    this.result.status = this.status;
    this.result.reason = this.reason;
  }

  /** The position's units as a `UnitTable` (for the rules that list units). */
  unitTable(): UnitTable {
    const U = this.units;
    const { unitCount: n, unitPower: power, unitKind: kind, unitLoc: loc } = this;
    for (let u = 0; u < n; u++) {
      U.power[u] = power[u]!;
      U.kind[u] = kind[u]!;
      U.loc[u] = loc[u]!;
      U.prov[u] = this.board.locProvince[loc[u]!]!;
    }
    U.n = n;
    return U as unknown as UnitTable;
  }

  addBuilt(power: number, kind: number, loc: number, by: number): void {
    const k = this.builtCount++;
    this.builtBy[k] = by;
    this.builtPower[k] = power;
    this.builtKind[k] = kind;
    this.builtLoc[k] = loc;
    this.builtAt[this.board.locProvince[loc]!] = 1;
  }

  /** Removes unit `u` of `power` (once). */
  remove(u: number, power: number): void {
    if (this.removed[u]) return;
    this.removed[u] = 1;
    this.removedOf[power]! += 1;
  }
}

const workspaces = new PerBoard((board) => new AdjustmentWorkspace(board));

function illegal(ws: AdjustmentWorkspace, i: number, reason: Reason): void {
  ws.status[i] = STATUS_ILLEGAL;
  ws.reason[i] = reason;
}

function fails(ws: AdjustmentWorkspace, i: number, reason: Reason): void {
  ws.status[i] = STATUS_FAILS;
  ws.reason[i] = reason;
}

/**
 * Adjudicates an adjustment phase given as integers: the same validation and
 * rules as `adjudicatePhase` (`build-sites`, `excess-builds`,
 * `same-province-builds`, `excess-disbands`, `voluntary-disbands`,
 * `waive-builds`, `removal-order` drawing by lot with `seed` and the phase,
 * `auto-builds`, `neutral-units hold-and-rebuild`, …). Throws RangeError on an
 * unknown location, unit index or order type.
 */
export function adjudicateAdjustmentInts(
  board: Board,
  rules: RuleOptions,
  position: AdjustmentPositionInts,
  orders: AdjustmentOrdersInts,
  seed = 0,
): AdjustmentResultInts {
  const ws = workspaces.get(board);
  ws.take(position.units, position.owner, position.phase);
  adjudicateOnWorkspace(ws, rules, orders, seed);
  ws.result.builtCount = ws.builtCount;
  return ws.result;
}

/**
 * The adjustment rules on integers, for the friendly entry
 * (`adjudicateAdjustment`, which reads the names into the columns first): the
 * units, the owner of each province and the phase as `AdjustmentPositionInts`
 * has them. Returns the board's workspace.
 */
export function adjustmentCore(
  board: Board,
  rules: RuleOptions,
  units: AdjustmentPositionInts['units'],
  owner: ArrayLike<number>,
  phase: Phase,
  orders: AdjustmentOrdersIn,
  seed: number,
): AdjustmentCore {
  const ws = workspaces.get(board);
  ws.take(units, owner, phase);
  return adjudicateOnWorkspace(ws, rules, orders, seed);
}

function adjudicateOnWorkspace(ws: AdjustmentWorkspace, rules: RuleOptions, orders: AdjustmentOrdersIn, seed: number): AdjustmentWorkspace {
  const { board } = ws;
  ws.draws.reset(seed, ws.phase!);
  ws.ensureOrders(orders.n);
  ws.builds.bind(rules);
  const { unitAt, removed, removedOf, disbandsOf, buildsOf, named, list, status, reason, builtAt } = ws;
  // Every column read once here: a property read in a loop is a look-up per turn.
  const puN = ws.unitCount;
  const puPower = ws.unitPower;
  const puLoc = ws.unitLoc;
  const owner = ws.owner;
  const oType = orders.type;
  const oPower = orders.power;
  const oUnit = orders.unit;
  const oLoc = orders.loc;
  const { locProvince, provinceCount: P, powerCount: PC } = board;
  if (puN > P) throw new RangeError(`more units (${puN}) than provinces (${P})`);
  ws.builtCount = 0;
  ws.disorderCount = 0;
  const written = orders.place;
  for (let p = 0; p < PC; p++) removedOf[p] = disbandsOf[p] = buildsOf[p] = 0;
  removedOf[PC] = 0;
  // Units marked on `unitAt` so far: the marks are undone up to here, also when a unit throws.
  let marked = 0;
  try {
    for (let u = 0; u < puN; u++) {
      const l = puLoc[u]!;
      const p = locProvince[l];
      if (p === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
      if (unitAt[p]! >= 0) throw new RangeError(`two units in ${board.provinceName(p)}`);
      unitAt[p] = u;
      marked = u + 1;
      removed[u] = 0;
      named[u] = 0;
    }
    const balance = balancesOf(board, owner, puN, puPower, ws.balance);
    const n = orders.n;
    for (let i = 0; i < n; i++) {
      status[i] = STATUS_SUCCEEDS;
      reason[i] = undefined;
      const p = oPower[i]!;
      const type = oType[i]!;
      if (type !== DISBAND && type !== BUILD && type !== WAIVE) throw new RangeError(`unknown adjustment order type ${type}`);
      if (!(p >= 0 && p < PC)) illegal(ws, i, 'wrong-power');
      else if (type === DISBAND) {
        const u = oUnit[i]!;
        if (!(u >= 0 && u < puN)) throw new RangeError(`unknown unit ${u}`);
        if (puPower[u] !== p) illegal(ws, i, 'wrong-power');
        else disbandsOf[p]! += 1;
      } else buildsOf[p]! += 1;
    }

    // Disbands, then what `removal-order` removes, power by power.
    for (let p = 0; p < PC; p++) {
      const need = -balance[p]!;
      // A power with no disband orders and nothing to remove has nothing to do here.
      if (disbandsOf[p] === 0 && need <= 0) continue;
      let L = 0;
      for (let i = 0; disbandsOf[p]! > 0 && i < n; i++) {
        if (oType[i] !== DISBAND || oPower[i] !== p || status[i] !== STATUS_SUCCEEDS) continue;
        const u = oUnit[i]!;
        // A unit named in two disband orders is removed once; the repeat is a duplicate order (6.J.2).
        if (named[u]) illegal(ws, i, 'duplicate-order');
        else {
          named[u] = 1;
          list[L++] = i;
        }
      }
      disband(ws, rules, oUnit, p, L, need);
      const stillNeeded = need - removedOf[p]!;
      if (stillNeeded > 0) removeInDisorder(ws, rules, p, stillNeeded);
    }

    // Builds and waives, power by power.
    const { entryOrder, entryProv, entryKind, entryLoc, builds } = ws;
    const autoArmies = rules['auto-builds'] === 'army';
    for (let p = 0; p < PC; p++) {
      const allowed = balance[p]! + removedOf[p]!;
      // A power with no build or waive orders builds only by `auto-builds`.
      if (buildsOf[p] === 0 && !(autoArmies && allowed > 0)) continue;
      let E = 0;
      let clash = false;
      for (let i = 0; buildsOf[p]! > 0 && i < n; i++) {
        const type = oType[i]!;
        if ((type !== BUILD && type !== WAIVE) || oPower[i] !== p || status[i] !== STATUS_SUCCEEDS) continue;
        if (allowed <= 0) {
          illegal(ws, i, 'no-builds');
          continue;
        }
        if (type === WAIVE) {
          if (!rules['waive-builds']) {
            illegal(ws, i, 'waive-not-allowed');
            continue;
          }
          entryOrder[E] = i;
          entryProv[E++] = -1;
          continue;
        }
        const how = written === undefined ? PLACE_EXACT : written[i]!;
        if (how === PLACE_UNKNOWN) {
          illegal(ws, i, 'unknown-location');
          continue;
        }
        const l = oLoc[i]!;
        const prov = locProvince[l];
        if (prov === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
        // What `buildRefusal` and then `buildSiteReason` say (build-table.ts), the owner checked last as there.
        const made = builds.entry(l, oUnit[i]!, how === PLACE_BAD_COAST);
        if (made < 0) {
          illegal(ws, i, builds.reasons[-1 - made]!);
          continue;
        }
        const site = builds.site(p, prov);
        if (site !== 0 || owner[prov] !== p) {
          illegal(ws, i, site !== 0 ? builds.reasons[site - 1]! : 'not-owned');
          continue;
        }
        const there = unitAt[prov]!;
        if (there >= 0 && !removed[there]) {
          illegal(ws, i, 'occupied');
          continue;
        }
        for (let k = 0; k < E; k++) if (entryProv[k] === prov) clash = true;
        entryOrder[E] = i;
        entryProv[E] = prov;
        entryKind[E] = builtKind(made);
        entryLoc[E++] = made >> 1;
      }
      let used = 0;
      if (clash || E > allowed) used = competingBuilds(ws, rules, p, E, allowed);
      else {
        for (let k = 0; k < E; k++) {
          used++;
          if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!, BUILT_BY_ORDER);
        }
      }
      if (autoArmies && allowed > used) buildAutomatically(ws, rules, p, allowed - used);
    }
    if (rules['neutral-units'] === 'hold-and-rebuild' && board.neutralPower >= 0) rebuildNeutrals(ws, rules);
  } finally {
    for (let u = 0; u < marked; u++) unitAt[locProvince[puLoc[u]!]!] = -1;
    for (let k = 0; k < ws.builtCount; k++) builtAt[locProvince[ws.builtLoc[k]!]!] = 0;
  }
  return ws;
}

/**
 * Power `p`'s `L` disband orders that stand (`ws.list`), under the rules: all
 * carried out (`voluntary-disbands`), illegal when it has nothing to remove,
 * else as many as `need`, `excess-disbands` saying which. Out of the pass
 * that calls it (as the rarer rules below), so that V8 optimizes that pass sooner:
 * how soon it does grows with a function's size.
 */
function disband(ws: AdjustmentWorkspace, rules: RuleOptions, unit: ArrayLike<number>, p: number, L: number, need: number): void {
  const { list } = ws;
  if (rules['voluntary-disbands']) {
    for (let k = 0; k < L; k++) ws.remove(unit[list[k]!]!, p);
  } else if (need <= 0) {
    for (let k = 0; k < L; k++) illegal(ws, list[k]!, 'no-disbands');
  } else {
    let from = 0;
    let to = L;
    if (L > need) {
      const rule = rules['excess-disbands'];
      if (rule === 'first') to = need;
      else if (rule === 'last') from = L - need;
      else to = 0;
      for (let k = 0; k < L; k++) if (k < from || k >= to) fails(ws, list[k]!, 'too-many-disbands');
    }
    for (let k = from; k < to; k++) ws.remove(unit[list[k]!]!, p);
  }
}

/** `auto-builds army`: power `p`'s `count` builds beyond its orders. */
function buildAutomatically(ws: AdjustmentWorkspace, rules: RuleOptions, p: number, count: number): void {
  for (const prov of automaticBuilds(ws.board, rules, ws.ownerOf, p, count, ws.taken)) ws.addBuilt(p, ARMY, prov, BUILT_AUTOMATICALLY);
}

/** `neutral-units hold-and-rebuild`: the neutral armies built again. */
function rebuildNeutrals(ws: AdjustmentWorkspace, rules: RuleOptions): void {
  const { board } = ws;
  for (const prov of neutralRebuilds(board, rules, ws.owner, ws.taken)) ws.addBuilt(board.neutralPower, ARMY, prov, BUILT_NEUTRAL);
}

/** `removal-order` for what power `p`'s disbands left out: `count` more of its units, recorded in `disorder`. */
function removeInDisorder(ws: AdjustmentWorkspace, rules: RuleOptions, p: number, count: number): void {
  const { unitCount: n, unitPower: power } = ws;
  const candidates: number[] = [];
  for (let u = 0; u < n; u++) if (power[u] === p && !ws.removed[u]) candidates.push(u);
  for (const u of civilDisorderRemovals(ws.board, rules, ws.unitTable(), ws.ownerOf, candidates, count, ws.draws.get())) {
    ws.remove(u, p);
    ws.disorder[ws.disorderCount++] = u;
  }
}

/** Power `p`'s `E` standing builds and waives when they compete (two in one province, or more than `allowed`): which count is `selectBuilds`'s to say. Returns how many count. */
function competingBuilds(ws: AdjustmentWorkspace, rules: RuleOptions, p: number, E: number, allowed: number): number {
  const { entryOrder, entryProv, entryKind, entryLoc } = ws;
  const entries: { prov: number }[] = [];
  for (let k = 0; k < E; k++) entries.push({ prov: entryProv[k]! });
  const selection = selectBuilds(rules, entries, allowed);
  let used = 0;
  for (let k = 0; k < E; k++) {
    const why = selection[k];
    if (why) fails(ws, entryOrder[k]!, why);
    else {
      used++;
      if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!, BUILT_BY_ORDER);
    }
  }
  return used;
}

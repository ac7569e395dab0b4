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
 */
import type { Board } from '../../board/board.js';
import { ARMY, FLEET } from '../../board/codes.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Phase, UnitKind } from '../../game/position.js';
import { STATUS_FAILS, STATUS_ILLEGAL, STATUS_SUCCEEDS } from '../movement/outcome.js';
import { PhaseDraws } from '../prng.js';
import { Slab } from '../slab.js';
import type { Reason } from '../reasons.js';
import type { UnitTable } from '../units.js';
import { buildRefusal, buildSiteReason, selectBuilds, type Build } from './builds.js';
import { civilDisorderRemovals } from './civil-disorder.js';
import { automaticBuilds, balances, neutralRebuilds } from './index.js';

/** Order types of `AdjustmentOrdersInts.type`. */
export const ADJUSTMENT_ORDER = Object.freeze({ DISBAND: 1, BUILD: 2, WAIVE: 3 } as const);
const DISBAND = ADJUSTMENT_ORDER.DISBAND;
const BUILD = ADJUSTMENT_ORDER.BUILD;
const WAIVE = ADJUSTMENT_ORDER.WAIVE;

/** An adjustment phase's position in integer form. */
export interface AdjustmentPositionInts {
  /** Unit `u` has `power[u]` (a power index, or the neutral power), `kind[u]` (ARMY or FLEET), `loc[u]`. */
  readonly units: { readonly n: number; readonly power: ArrayLike<number>; readonly kind: ArrayLike<number>; readonly loc: ArrayLike<number> };
  /** Per province: the power owning it, or -1. */
  readonly owner: ArrayLike<number>;
  /** The phase, for the draws by lot (`removal-order random` and `abroad-first`). */
  readonly phase: Phase;
}

/** The orders of an adjustment phase, in the order written: `n` of them. */
export interface AdjustmentOrdersInts {
  readonly n: number;
  /** Per order: ADJUSTMENT_ORDER.DISBAND, BUILD or WAIVE. */
  readonly type: ArrayLike<number>;
  /** Per order: the power giving it. */
  readonly power: ArrayLike<number>;
  /** DISBAND: the unit's index. BUILD: the unit kind written (ARMY or FLEET), or -1 when none was. */
  readonly unit: ArrayLike<number>;
  /** BUILD: the location (a coast location to name a coast). */
  readonly loc: ArrayLike<number>;
}

/** How a build order's place was written (`AdjustmentOrdersIn.place`), for the friendly entry, which reads written names. */
export const PLACE_EXACT = 0;
/** A coast the province does not have (`spa/wc`): `loc` is the province. */
export const PLACE_BAD_COAST = 1;
/** No place the board knows: `loc` is not read. */
export const PLACE_UNKNOWN = 2;

/** The orders as the core takes them: the public form, and how each build's place was written (PLACE_*; all exact when absent). */
export interface AdjustmentOrdersIn extends AdjustmentOrdersInts {
  readonly place?: ArrayLike<number>;
}

/** Orders in the columns the core reads, as `PhaseInts` and the friendly entry keep them. */
export interface AdjustmentOrderColumns {
  n: number;
  readonly type: Uint8Array;
  readonly power: Int32Array;
  readonly unit: Int32Array;
  readonly loc: Int32Array;
  /** PLACE_* per order (0 everywhere for orders encoded from exact places). */
  readonly place: Uint8Array;
}

/**
 * Columns for `capacity` orders, from one buffer. Every holder of adjustment
 * orders makes them here, so that the core sees objects of one shape from
 * every caller: V8 compiles it once, rather than throwing its code away when a
 * second caller's objects arrive.
 */
export function adjustmentOrderColumns(capacity: number): AdjustmentOrderColumns {
  const slab = new Slab(3 * capacity, 2 * capacity);
  return { n: 0, type: slab.uint8(capacity), power: slab.int32(capacity), unit: slab.int32(capacity), loc: slab.int32(capacity), place: slab.uint8(capacity) };
}

/** Per unit built, in `AdjustmentCore.builtBy`: by an order, by `auto-builds`, or a neutral rebuild. */
export const BUILT_BY_ORDER = 0;
export const BUILT_AUTOMATICALLY = 1;
export const BUILT_NEUTRAL = 2;

/** The outcome of `adjudicateAdjustmentInts`: views of the board's workspace, valid until the next call on the board. */
export interface AdjustmentResultInts {
  /** Per order: MOVEMENT_STATUS SUCCEEDS, FAILS or ILLEGAL, and why when not SUCCEEDS. */
  readonly status: Uint8Array;
  readonly reason: readonly (Reason | undefined)[];
  /** Per unit: 1 when it is removed (by an order or by `removal-order`). */
  readonly removed: Uint8Array;
  /** Units built, in the order `adjudicatePhase` lists them: `builtPower[0 .. builtCount)` and so on. */
  readonly builtCount: number;
  readonly builtPower: Int32Array;
  readonly builtKind: Uint8Array;
  readonly builtLoc: Int32Array;
}

/** What one adjustment phase on the core leaves in the board's workspace, valid until the next phase on the board. */
export interface AdjustmentCore extends AdjustmentResultInts {
  /** Units removed by `removal-order`, first removed first: `disorder[0 .. disorderCount)`. */
  readonly disorder: Int32Array;
  readonly disorderCount: number;
  /** Per unit built: BUILT_BY_ORDER, BUILT_AUTOMATICALLY or BUILT_NEUTRAL. */
  readonly builtBy: Uint8Array;
}

class AdjustmentWorkspace implements AdjustmentCore {
  readonly board: Board;
  rules!: RuleOptions;
  owner: ArrayLike<number> = [];
  readonly ownerOf = (prov: number): number => this.owner[prov]!;
  /** The units as a `UnitTable` (for `civilDisorderRemovals`); `unitAt` is all -1 between calls. */
  readonly units: { n: number; units: never[]; power: Int32Array; kind: Uint8Array; loc: Int32Array; prov: Int32Array; unitAt: Int32Array };
  readonly balance: Int32Array;
  readonly removed: Uint8Array;
  /** Per power: how many of its units are removed so far. */
  readonly removedOf: Int32Array;
  /** Per power: its disband orders, and its build and waive orders (so that a power without any is passed over). */
  readonly disbandsOf: Int32Array;
  readonly buildsOf: Int32Array;
  /** Per unit: 1 once named by a disband order of its power (duplicates). */
  readonly named: Uint8Array;
  /** A power's disband orders that stand, and its builds and waives that stand (`entryProv`: the build's province, -1 for a waive). */
  readonly list: Int32Array;
  entryOrder: Int32Array;
  entryProv: Int32Array;
  entryKind: Uint8Array;
  entryLoc: Int32Array;
  /** Per province: 1 once built on this phase. */
  readonly builtAt: Uint8Array;
  status: Uint8Array = new Uint8Array(0);
  reason: (Reason | undefined)[] = [];
  readonly builtPower: Int32Array;
  readonly builtKind: Uint8Array;
  readonly builtLoc: Int32Array;
  builtCount = 0;
  readonly builtBy: Uint8Array;
  readonly disorder: Int32Array;
  disorderCount = 0;
  readonly build: Build = { prov: -1, loc: -1, kind: 'army' };
  readonly place = { prov: -1, coast: -1, badCoast: false };
  readonly taken = (prov: number): boolean => {
    const u = this.units.unitAt[prov]!;
    return (u >= 0 && this.removed[u] === 0) || this.builtAt[prov] === 1;
  };
  readonly draws = new PhaseDraws();

  constructor(board: Board) {
    const P = board.provinceCount;
    this.board = board;
    this.units = { n: 0, units: [], power: new Int32Array(P), kind: new Uint8Array(P), loc: new Int32Array(P), prov: new Int32Array(P), unitAt: new Int32Array(P).fill(-1) };
    this.balance = new Int32Array(board.powerCount);
    this.removed = new Uint8Array(P);
    this.removedOf = new Int32Array(board.powerCount + 1);
    this.disbandsOf = new Int32Array(board.powerCount);
    this.buildsOf = new Int32Array(board.powerCount);
    this.named = new Uint8Array(P);
    this.list = new Int32Array(P);
    this.entryOrder = new Int32Array(0);
    this.entryProv = new Int32Array(0);
    this.entryKind = new Uint8Array(0);
    this.entryLoc = new Int32Array(0);
    this.builtAt = new Uint8Array(P);
    // Builds: at most one per province, and neutral rebuilds (on centres), so the provinces bound them.
    this.builtPower = new Int32Array(P);
    this.builtKind = new Uint8Array(P);
    this.builtLoc = new Int32Array(P);
    this.builtBy = new Uint8Array(P);
    this.disorder = new Int32Array(P);
  }

  /** Makes room for `n` orders. */
  ensureOrders(n: number): void {
    if (this.status.length >= n) return;
    const k = Math.max(n, this.status.length * 2, 32);
    this.status = new Uint8Array(k);
    this.reason = new Array<Reason | undefined>(k).fill(undefined);
    this.entryOrder = new Int32Array(k);
    this.entryProv = new Int32Array(k);
    this.entryKind = new Uint8Array(k);
    this.entryLoc = new Int32Array(k);
  }

  addBuilt(power: number, kind: number, loc: number, by: number): void {
    const k = this.builtCount++;
    this.builtBy[k] = by;
    this.builtPower[k] = power;
    this.builtKind[k] = kind;
    this.builtLoc[k] = loc;
    this.builtAt[this.board.locProvince[loc]!] = 1;
  }

  /** Removes unit `u` (once). */
  remove(u: number): void {
    if (this.removed[u]) return;
    this.removed[u] = 1;
    this.removedOf[this.units.power[u]!]! += 1;
  }
}

const cache = new WeakMap<Board, AdjustmentWorkspace>();

function illegal(ws: AdjustmentWorkspace, i: number, reason: Reason): void {
  ws.status[i] = STATUS_ILLEGAL;
  ws.reason[i] = reason;
}

function fails(ws: AdjustmentWorkspace, i: number, reason: Reason): void {
  ws.status[i] = STATUS_FAILS;
  ws.reason[i] = reason;
}

const kindName = (k: number): UnitKind => (k === FLEET ? 'fleet' : 'army');
const kindCode = (k: UnitKind): number => (k === 'fleet' ? FLEET : ARMY);

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
  const ws = adjustmentCore(board, rules, position, orders, seed);
  return {
    status: ws.status,
    reason: ws.reason,
    removed: ws.removed,
    builtCount: ws.builtCount,
    builtPower: ws.builtPower,
    builtKind: ws.builtKind,
    builtLoc: ws.builtLoc,
  };
}

/**
 * The adjustment rules on integers, for both entries: `adjudicateAdjustmentInts`
 * and the friendly one (`adjudicateAdjustment`, which reads the names into
 * the columns first). Returns the board's workspace.
 */
export function adjustmentCore(
  board: Board,
  rules: RuleOptions,
  position: AdjustmentPositionInts,
  orders: AdjustmentOrdersIn,
  seed: number,
): AdjustmentCore {
  let ws = cache.get(board);
  if (!ws) cache.set(board, (ws = new AdjustmentWorkspace(board)));
  ws.rules = rules;
  ws.owner = position.owner;
  ws.draws.reset(seed, position.phase);
  ws.ensureOrders(orders.n);
  const U = ws.units;
  const { removed, removedOf, disbandsOf, buildsOf, named, list, status, reason, builtAt } = ws;
  // Every column read once here: callers' objects differ in shape, and a property read in a loop is a look-up per turn.
  const pu = position.units;
  const puN = pu.n;
  const puPower = pu.power;
  const puKind = pu.kind;
  const puLoc = pu.loc;
  const owner = position.owner;
  const oType = orders.type;
  const oPower = orders.power;
  const oUnit = orders.unit;
  const oLoc = orders.loc;
  const P = board.provinceCount;
  const PC = board.powerCount;
  if (puN > P) throw new RangeError(`more units (${puN}) than provinces (${P})`);
  U.n = 0;
  ws.builtCount = 0;
  ws.disorderCount = 0;
  const written = orders.place;
  removedOf.fill(0);
  disbandsOf.fill(0);
  buildsOf.fill(0);
  try {
    for (let u = 0; u < puN; u++) {
      const l = puLoc[u]!;
      const p = board.locProvince[l];
      if (p === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
      if (U.unitAt[p]! >= 0) throw new RangeError(`two units in ${board.provinceName(p)}`);
      U.power[u] = puPower[u]!;
      U.kind[u] = puKind[u]!;
      U.loc[u] = l;
      U.prov[u] = p;
      U.unitAt[p] = u;
      removed[u] = 0;
      named[u] = 0;
      U.n = u + 1;
    }
    const balance = balances(board, owner, U, ws.balance);
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
        if (!(u >= 0 && u < U.n)) throw new RangeError(`unknown unit ${u}`);
        if (U.power[u] !== p) illegal(ws, i, 'wrong-power');
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
      if (rules['voluntary-disbands']) {
        for (let k = 0; k < L; k++) ws.remove(oUnit[list[k]!]!);
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
        for (let k = from; k < to; k++) ws.remove(oUnit[list[k]!]!);
      }
      const stillNeeded = need - removedOf[p]!;
      if (stillNeeded > 0) {
        const candidates: number[] = [];
        for (let u = 0; u < U.n; u++) if (U.power[u] === p && !removed[u]) candidates.push(u);
        const table = U as unknown as UnitTable;
        for (const u of civilDisorderRemovals(board, rules, table, ws.ownerOf, candidates, stillNeeded, ws.draws.get())) {
          ws.remove(u);
          ws.disorder[ws.disorderCount++] = u;
        }
      }
    }

    // Builds and waives, power by power.
    const { entryOrder, entryProv, entryKind, entryLoc, build, place } = ws;
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
        const prov = board.locProvince[l];
        if (prov === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
        // As `readPlace` reads a written location.
        place.prov = prov;
        place.coast = l === prov ? -1 : l;
        place.badCoast = how === PLACE_BAD_COAST;
        const kind = oUnit[i]!;
        const why =
          buildRefusal(board, rules, kind < 0 ? undefined : kindName(kind), place, build) ??
          buildSiteReason(board, rules, ws.ownerOf, p, build.prov);
        if (why !== undefined) {
          illegal(ws, i, why);
          continue;
        }
        const there = U.unitAt[build.prov]!;
        if (there >= 0 && !removed[there]) {
          illegal(ws, i, 'occupied');
          continue;
        }
        for (let k = 0; k < E; k++) if (entryProv[k] === build.prov) clash = true;
        entryOrder[E] = i;
        entryProv[E] = build.prov;
        entryKind[E] = kindCode(build.kind);
        entryLoc[E++] = build.loc;
      }
      let used = 0;
      if (clash || E > allowed) {
        // Competing builds: which count is `selectBuilds`'s to say.
        const entries: { prov: number }[] = [];
        for (let k = 0; k < E; k++) entries.push({ prov: entryProv[k]! });
        const selection = selectBuilds(rules, entries, allowed);
        for (let k = 0; k < E; k++) {
          const why = selection[k];
          if (why) fails(ws, entryOrder[k]!, why);
          else {
            used++;
            if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!, BUILT_BY_ORDER);
          }
        }
      } else {
        for (let k = 0; k < E; k++) {
          used++;
          if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!, BUILT_BY_ORDER);
        }
      }
      if (autoArmies && allowed > used) {
        for (const prov of automaticBuilds(board, rules, ws.ownerOf, p, allowed - used, ws.taken)) ws.addBuilt(p, ARMY, prov, BUILT_AUTOMATICALLY);
      }
    }
    if (rules['neutral-units'] === 'hold-and-rebuild' && board.neutralPower >= 0) {
      for (const prov of neutralRebuilds(board, rules, owner, ws.taken)) ws.addBuilt(board.neutralPower, ARMY, prov, BUILT_NEUTRAL);
    }
  } finally {
    for (let u = 0; u < U.n; u++) U.unitAt[U.prov[u]!] = -1;
    for (let k = 0; k < ws.builtCount; k++) builtAt[board.locProvince[ws.builtLoc[k]!]!] = 0;
  }
  return ws;
}

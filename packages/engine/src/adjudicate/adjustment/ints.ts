/**
 * Adjustment phase adjudication on integers: units, centre owners and orders
 * (disbands, builds, waives) as integer columns in, the units removed and
 * built as integer columns out. The rules are those of `adjudicateAdjustment`
 * (`index.ts`), read by the same functions (`balances`, `buildRefusal`,
 * `buildSiteReason`, `selectBuilds`, `civilDisorderRemovals`,
 * `automaticBuilds`, `neutralRebuilds`); what differs is only that a disbanded
 * unit is named by its index and a build by its location, so neither is ever
 * written wrong.
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

class AdjustmentWorkspace {
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

  addBuilt(power: number, kind: number, loc: number): void {
    const k = this.builtCount++;
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
  let ws = cache.get(board);
  if (!ws) cache.set(board, (ws = new AdjustmentWorkspace(board)));
  ws.rules = rules;
  ws.owner = position.owner;
  ws.draws.reset(seed, position.phase);
  ws.ensureOrders(orders.n);
  const U = ws.units;
  const { removed, removedOf, disbandsOf, buildsOf, named, list, status, reason, builtAt } = ws;
  const pu = position.units;
  const P = board.provinceCount;
  const PC = board.powerCount;
  if (pu.n > P) throw new RangeError(`more units (${pu.n}) than provinces (${P})`);
  U.n = 0;
  ws.builtCount = 0;
  removedOf.fill(0);
  disbandsOf.fill(0);
  buildsOf.fill(0);
  try {
    for (let u = 0; u < pu.n; u++) {
      const l = pu.loc[u]!;
      const p = board.locProvince[l];
      if (p === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
      if (U.unitAt[p]! >= 0) throw new RangeError(`two units in ${board.provinceName(p)}`);
      U.power[u] = pu.power[u]!;
      U.kind[u] = pu.kind[u]!;
      U.loc[u] = l;
      U.prov[u] = p;
      U.unitAt[p] = u;
      removed[u] = 0;
      named[u] = 0;
      U.n = u + 1;
    }
    const balance = balances(board, position.owner, U, ws.balance);
    const n = orders.n;
    for (let i = 0; i < n; i++) {
      status[i] = STATUS_SUCCEEDS;
      reason[i] = undefined;
      const p = orders.power[i]!;
      const type = orders.type[i]!;
      if (type !== DISBAND && type !== BUILD && type !== WAIVE) throw new RangeError(`unknown adjustment order type ${type}`);
      if (!(p >= 0 && p < PC)) illegal(ws, i, 'wrong-power');
      else if (type === DISBAND) {
        const u = orders.unit[i]!;
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
        if (orders.type[i] !== DISBAND || orders.power[i] !== p || status[i] !== STATUS_SUCCEEDS) continue;
        const u = orders.unit[i]!;
        // A unit named in two disband orders is removed once; the repeat is a duplicate order (6.J.2).
        if (named[u]) illegal(ws, i, 'duplicate-order');
        else {
          named[u] = 1;
          list[L++] = i;
        }
      }
      if (rules['voluntary-disbands']) {
        for (let k = 0; k < L; k++) ws.remove(orders.unit[list[k]!]!);
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
        for (let k = from; k < to; k++) ws.remove(orders.unit[list[k]!]!);
      }
      const stillNeeded = need - removedOf[p]!;
      if (stillNeeded > 0) {
        const candidates: number[] = [];
        for (let u = 0; u < U.n; u++) if (U.power[u] === p && !removed[u]) candidates.push(u);
        const table = U as unknown as UnitTable;
        for (const u of civilDisorderRemovals(board, rules, table, ws.ownerOf, candidates, stillNeeded, ws.draws.get())) ws.remove(u);
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
        const type = orders.type[i]!;
        if ((type !== BUILD && type !== WAIVE) || orders.power[i] !== p || status[i] !== STATUS_SUCCEEDS) continue;
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
        const l = orders.loc[i]!;
        const prov = board.locProvince[l];
        if (prov === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
        // As `readPlace` reads a written location.
        place.prov = prov;
        place.coast = l === prov ? -1 : l;
        const written = orders.unit[i]!;
        const why =
          buildRefusal(board, rules, written < 0 ? undefined : kindName(written), place, build) ??
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
            if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!);
          }
        }
      } else {
        for (let k = 0; k < E; k++) {
          used++;
          if (entryProv[k]! >= 0) ws.addBuilt(p, entryKind[k]!, entryLoc[k]!);
        }
      }
      if (autoArmies && allowed > used) {
        for (const prov of automaticBuilds(board, rules, ws.ownerOf, p, allowed - used, ws.taken)) ws.addBuilt(p, ARMY, prov);
      }
    }
    if (rules['neutral-units'] === 'hold-and-rebuild' && board.neutralPower >= 0) {
      for (const prov of neutralRebuilds(board, rules, position.owner, ws.taken)) ws.addBuilt(board.neutralPower, ARMY, prov);
    }
  } finally {
    for (let u = 0; u < U.n; u++) U.unitAt[U.prov[u]!] = -1;
    for (let k = 0; k < ws.builtCount; k++) builtAt[board.locProvince[ws.builtLoc[k]!]!] = 0;
  }
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

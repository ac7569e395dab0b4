/**
 * Everything a movement adjudication works in, allocated once per board and
 * reused by every phase on it: the unit columns, the movement table with its
 * CSR lists, the resolver's state, the candidate orders and the outcome
 * arrays. Sized for the most units a board can hold (one per province), and
 * for the order count seen so far (grown when a phase has more orders).
 *
 * Not re-entrant: one adjudication at a time per board and thread. Nothing in
 * an adjudication calls another, and each worker thread has its own boards.
 */
import type { Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import type { Unit } from '../../game/position.js';
import type { Reason } from '../reasons.js';
import { MovementState } from './state.js';
import { UnitColumns, type UnitGuess } from '../units.js';
import { MovementTable, OrderSlots, roundUp4 } from './table.js';
import { Slab } from '../slab.js';
import * as boardCodes from '../../board/codes.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;

/** The (absent) unit objects of the integer path. */
const NO_UNITS: readonly Unit[] = Object.freeze([]);

export class MovementWorkspace {
  readonly board: Board;
  /** Most units on the board: one per province. */
  readonly capacity: number;
  readonly units: UnitColumns;
  readonly t: MovementTable;
  readonly m: MovementState;

  // ---- candidate orders of the written path, one slot per written order (grown), plus a spare slot for implicit orders
  slots = 0;
  cand: OrderSlots = OrderSlots.sized(0);
  /** Per slot: how well the unit type and the nationality were written (WRITTEN_*). */
  cType: Uint8Array = new Uint8Array(0);
  cNat: Uint8Array = new Uint8Array(0);
  /** Per order: the order whose result it shares (an exact repeat of a standing order), else -1. */
  sameAs: Int32Array = new Int32Array(0);
  /** Per unit (integer path): why its order is illegal, or undefined. */
  illegalReason: (Reason | undefined)[] = [];
  /** The units whose `illegalReason` is set: `illegalUnits[0 .. illegalCount)`, undone by the next phase. */
  readonly illegalUnits: Int32Array;
  illegalCount = 0;

  // ---- per unit
  /** Candidate orders of the unit, and the slot of its first. */
  readonly candCount: Int32Array;
  readonly candFirst: Int32Array;
  /** 1 when the unit was given an illegal move (for `deny-hold-support`; written path only: the integer path sets `noHoldSupport` directly). */
  readonly illegalMove: Uint8Array;
  /** Units given implicit orders (4.E.3), in the order they were deduced. */
  readonly implicitUnits: Int32Array;
  implicitCount = 0;
  /** Per implicit order: the support or convoy that implied it. */
  readonly implicitFrom: Int32Array;
  /** Per power: 1 when it gave any order this phase (kept only under `civil-disorder-hold-support: fails`, which alone reads it). */
  readonly powersWithOrders: Uint8Array;
  /** The written orders of the phase as integer orders, when they read exactly as such (`readExactOrders`, exact.ts). */
  readonly exact: { readonly kind: Uint8Array; readonly dst: Int32Array; readonly target: Int32Array; readonly via: Uint8Array };
  /** Per written order, when they read exactly: the unit it orders. */
  readonly exactUnit: Int32Array;
  /**
   * The units after the last phase `movementOutcome` read off, in its order:
   * where each stands and its power, `afterCount` of them. The next movement
   * phase on the board usually starts from them in that order (its retreats and
   * builds appended, its disbands left out), so `startMovement` (index.ts)
   * tries them before it looks the names up.
   */
  readonly afterLoc: Int32Array;
  readonly afterPower: Int32Array;
  afterCount = 0;

  // ---- outcome
  /** Per unit: the unit that dislodged it, or -1. */
  readonly dislodgedBy: Int32Array;
  /** Per unit: where it stands after the moves (its location if it stayed or was dislodged). */
  readonly finalLoc: Int32Array;
  /** Per unit: how its order went (STATUS_* of outcome.ts; integer path only). */
  readonly status: Uint8Array;
  /** Provinces left empty by a standoff: `standoffs[0 .. standoffCount)`. */
  readonly standoffs: Int32Array;
  standoffCount = 0;
  /**
   * The units whose route `chooseRoutes` must decide: `routeUnits[0 ..
   * routeWork)`. An army move checked as going by convoy or tagged "via convoy"
   * (the integer entry's inline check gives a move no land route reaches its
   * convoy route at once, so lists only the tagged ones that have a land route),
   * or an army named by a matched convoy order; every other army move keeps the
   * route its check gave it. A unit is listed once (`needsRoute`), and may
   * turn out to have another order (the written path checks several per unit).
   */
  routeWork = 0;
  readonly routeUnits: Int32Array;
  readonly needsRoute: Uint8Array;

  /** Lists unit `u` for `chooseRoutes` (its `needsRoute` was cleared with its other columns). */
  markRouteWork(u: number): void {
    if (this.needsRoute[u]) return;
    this.needsRoute[u] = 1;
    this.routeUnits[this.routeWork++] = u;
  }
  /** `board.reachMatrix()` (null on a board too large for it): "could a unit at this location move into that province" in one load. */
  readonly reach: Uint8Array | null;

  /** The last power name looked up, and its id (`powerId`). */
  private lastPowerName = '';
  private lastPowerId = -1;

  /**
   * `board.powerId`, remembering the last name: units and orders come grouped
   * by power, so most look-ups are the name just seen (a string compare, not a
   * map look-up).
   */
  powerId(name: string): number {
    if (name !== this.lastPowerName) {
      this.lastPowerName = name;
      this.lastPowerId = this.board.powerId(name);
    }
    return this.lastPowerId;
  }

  /**
   * Set while an adjudication runs in this workspace. If one ever threw half
   * way (a position error, or a defect), columns it was filling could be left
   * dirty, so the next adjudication on the board gets a fresh workspace.
   */
  busy = false;

  constructor(board: Board, rules: RuleOptions) {
    const P = board.provinceCount;
    const cap = P;
    this.board = board;
    this.capacity = cap;
    this.reach = board.reachMatrix();
    // Every column in one buffer, in about the order a phase first reads them (see slab.ts):
    // a phase adjudicated after other work meets them out of the processor's caches.
    const table = MovementTable.slabNeeds(cap, P);
    const state = MovementState.slabNeeds(cap, P);
    const slab = new Slab(
      3 * cap + P + 5 * cap + table.int32s + state.int32s + 8 * cap + P,
      roundUp4(cap) + 2 * roundUp4(cap) + table.bytes + state.bytes + 3 * roundUp4(cap) + roundUp4(board.powerCount),
    );
    this.units = new UnitColumns(cap, P, slab);
    this.exact = { kind: slab.uint8(cap), dst: slab.int32(cap), target: slab.int32(cap), via: slab.uint8(cap) };
    this.exactUnit = slab.int32(cap);
    this.afterLoc = slab.int32(cap);
    this.afterPower = slab.int32(cap);
    this.t = new MovementTable(board, rules, this.units, cap, slab);
    this.m = new MovementState(this.t, cap, slab);
    this.illegalUnits = slab.int32(cap);
    this.implicitUnits = slab.int32(cap);
    this.implicitFrom = slab.int32(cap);
    this.routeUnits = slab.int32(cap);
    this.needsRoute = slab.uint8(cap);
    this.powersWithOrders = slab.uint8(board.powerCount);
    this.dislodgedBy = slab.int32(cap);
    this.finalLoc = slab.int32(cap);
    this.status = slab.uint8(cap);
    this.standoffs = slab.int32(P);
    this.candCount = slab.int32(cap);
    this.candFirst = slab.int32(cap);
    this.illegalMove = slab.uint8(cap);
    this.ensureSlots(cap + 1);
    this.illegalReason = new Array<Reason | undefined>(cap).fill(undefined);
    this.result = {
      n: 0,
      status: this.status,
      illegalReason: this.illegalReason,
      dislodgedBy: this.dislodgedBy,
      finalLoc: this.finalLoc,
      implicit: this.t.implicit,
      standoffs: this.standoffs,
      standoffCount: 0,
    };
  }

  /** Makes room for `k` candidate slots (orders plus one spare for implicit orders). */
  ensureSlots(k: number): void {
    if (k <= this.slots) return;
    const n = Math.max(k, this.slots * 2, 64);
    this.slots = n;
    this.cand = OrderSlots.sized(n);
    this.cType = new Uint8Array(n);
    this.cNat = new Uint8Array(n);
    this.sameAs = new Int32Array(n);
  }

  /** Loads the units' columns from integer arrays (unit `u`: power, kind code, location); throws on two units in a province. */
  loadUnits(n: number, power: ArrayLike<number>, kind: ArrayLike<number>, loc: ArrayLike<number>): void {
    const U = this.units;
    this.clearUnits();
    if (n > this.capacity) throw new RangeError(`more units (${n}) than provinces (${this.capacity})`);
    const { locProvince, convoySea } = this.board;
    const fleetSea = this.t.fleetSea;
    const { power: uPower, kind: uKind, loc: uLoc, prov: uProv, unitAt } = U;
    for (let u = 0; u < n; u++) {
      const l = loc[u]!;
      const p = locProvince[l];
      if (p === undefined) {
        U.n = u; // so that clearUnits() undoes exactly what is set
        this.clearUnits();
        throw new RangeError(`unknown location ${l}`);
      }
      const k = kind[u]!;
      uPower[u] = power[u]!;
      uKind[u] = k;
      uLoc[u] = l;
      uProv[u] = p;
      if (unitAt[p]! >= 0) {
        U.n = u;
        this.clearUnits();
        throw new RangeError(`two units in ${this.board.provinceName(p)}`);
      }
      unitAt[p] = u;
      if (k === FLEET && convoySea[p]) fleetSea[p] = 1; // a fleet at sea (undone by clearUnits)
    }
    U.n = n;
    U.units = NO_UNITS;
  }

  private readonly result: IntsResultView;

  /** The integer outcome of the last adjudication, as views of the workspace. */
  intsResult(): IntsResultView {
    const r = this.result;
    r.n = this.units.n;
    r.standoffCount = this.standoffCount;
    return r;
  }

  /** Clears `unitAt` and `fleetSea` of the units loaded before (so they are all -1 and 0 between phases). */
  clearUnits(): void {
    const U = this.units;
    const { prov, unitAt } = U;
    const fleetSea = this.t.fleetSea;
    for (let u = 0; u < U.n; u++) {
      const p = prov[u]!;
      unitAt[p] = -1;
      fleetSea[p] = 0;
    }
    U.n = 0;
  }
}

/** See `MovementResultInts` (index.ts). */
export interface IntsResultView {
  n: number;
  readonly status: Uint8Array;
  illegalReason: readonly (Reason | undefined)[];
  readonly dislodgedBy: Int32Array;
  readonly finalLoc: Int32Array;
  readonly implicit: Uint8Array;
  readonly standoffs: Int32Array;
  standoffCount: number;
}

const cache = new WeakMap<Board, MovementWorkspace>();
/** The workspace handed out last (it keeps its board alive until another board is adjudicated). */
let last: MovementWorkspace | undefined;

/**
 * The board's movement workspace, with `rules` bound for this adjudication
 * (games on one board may use different rules objects, so they are bound on
 * every call, never kept from the call that built the workspace).
 *
 * Reuse is safe because each phase clears, for its units, every column it
 * reads before writing it (`beginTable` or the loop of `validateMovementInts`,
 * the resolver state in `fileOrders`, the CSR builders, `settleMoves`), marks
 * per province with a phase stamp (the lists of moves), and because a workspace left `busy` by an
 * adjudication that threw is replaced. The caller ends with `ws.busy = false`. `test/workspace-reuse.test.ts`
 * checks that phases adjudicated one after another on one board, under
 * different rules, give what fresh workspaces give.
 */
export function movementWorkspace(board: Board, rules: RuleOptions): MovementWorkspace {
  // The last board's workspace first: a caller adjudicating phase after phase skips the map look-up.
  let ws = last !== undefined && last.board === board ? last : cache.get(board);
  if (!ws || ws.busy) {
    ws = new MovementWorkspace(board, rules);
    cache.set(board, ws);
  }
  last = ws;
  ws.t.bindRules(rules);
  ws.busy = true;
  return ws;
}

/**
 * The units the board's last movement phase left (`afterLoc`, `afterPower`,
 * `afterCount`), in the order of the next position's units: what a reader of
 * that position's units tries first (`retreatContext`, retreat.ts). Undefined
 * before the board's first movement phase.
 */
export function unitsAfterMovement(board: Board): UnitGuess | undefined {
  return last !== undefined && last.board === board ? last : cache.get(board);
}

/** The board's workspace as the last adjudication left it, or undefined; for tests (it binds nothing and marks nothing busy). */
export function lastMovementWorkspace(board: Board): MovementWorkspace | undefined {
  return cache.get(board);
}

/** Drops the board's workspace, so that the next adjudication builds a fresh one (for tests). */
export function dropMovementWorkspace(board: Board): void {
  cache.delete(board);
  if (last?.board === board) last = undefined;
}

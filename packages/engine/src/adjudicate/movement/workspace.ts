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
import { MovementTable, UnitColumns } from './table.js';

/** The (absent) unit objects of the integer path. */
const NO_UNITS: readonly Unit[] = Object.freeze([]);

export class MovementWorkspace {
  readonly board: Board;
  /** Most units on the board: one per province. */
  readonly capacity: number;
  readonly units: UnitColumns;
  readonly t: MovementTable;
  readonly m: MovementState;

  // ---- candidate orders, one slot per written order (grown), plus spare slots for implicit orders
  slots = 0;
  cUnit: Int32Array = new Int32Array(0);
  cCode: Uint8Array = new Uint8Array(0);
  cDstLoc: Int32Array = new Int32Array(0);
  cDstProv: Int32Array = new Int32Array(0);
  cTarget: Int32Array = new Int32Array(0);
  cSupportCoast: Int32Array = new Int32Array(0);
  cVia: Uint8Array = new Uint8Array(0);
  cType: Uint8Array = new Uint8Array(0);
  cNat: Uint8Array = new Uint8Array(0);
  cPath: (number[] | undefined)[] = [];
  /** Per order: the order whose result it shares (an exact repeat of a standing order), else -1. */
  sameAs: Int32Array = new Int32Array(0);
  /** Per order (written path) or per unit (integer path): why it is illegal, or undefined. */
  illegalReason: (Reason | undefined)[] = [];

  // ---- per unit
  /** Candidate orders of the unit, and the slot of its first. */
  readonly candCount: Int32Array;
  readonly candFirst: Int32Array;
  /** 1 when the unit was given an illegal move (for `deny-hold-support`). */
  readonly illegalMove: Uint8Array;
  /** Units given implicit orders (4.E.3), in the order they were deduced. */
  readonly implicitUnits: Int32Array;
  implicitCount = 0;
  /** Per implicit order: the support or convoy that implied it. */
  readonly implicitFrom: Int32Array;
  /** Fill cursors for building CSR rows (units + 1, provinces + 1). */
  readonly fillA: Int32Array;
  readonly fillB: Int32Array;
  readonly fillP: Int32Array;
  /** Per power: 1 when it gave any order this phase. */
  readonly powersWithOrders: Uint8Array;

  // ---- outcome
  /** Per unit: 1 when its move succeeded. */
  readonly moved: Uint8Array;
  /** Per province: the unit that moved in, or -1. */
  readonly attackerOf: Int32Array;
  /** Per province: marks for the standoff check. */
  readonly checked: Uint8Array;
  /** Per unit: the unit that dislodged it, or -1. */
  readonly dislodgedBy: Int32Array;
  /** Per unit: where it stands after the moves (its location if it stayed or was dislodged). */
  readonly finalLoc: Int32Array;
  /** Per unit: how its order went (STATUS_* of outcome.ts; integer path only). */
  readonly status: Uint8Array;
  /** Provinces left empty by a standoff: `standoffs[0 .. standoffCount)`. */
  readonly standoffs: Int32Array;
  standoffCount = 0;

  constructor(board: Board, rules: RuleOptions) {
    const P = board.provinceCount;
    const cap = P;
    this.board = board;
    this.capacity = cap;
    this.units = new UnitColumns(cap, P);
    this.t = new MovementTable(board, rules, this.units, cap);
    this.m = new MovementState(this.t, cap);
    this.candCount = new Int32Array(cap);
    this.candFirst = new Int32Array(cap);
    this.illegalMove = new Uint8Array(cap);
    this.implicitUnits = new Int32Array(cap);
    this.implicitFrom = new Int32Array(cap);
    this.fillA = new Int32Array(cap + 1);
    this.fillB = new Int32Array(cap + 1);
    this.fillP = new Int32Array(P + 1);
    this.powersWithOrders = new Uint8Array(board.powerCount);
    this.moved = new Uint8Array(cap);
    this.attackerOf = new Int32Array(P).fill(-1);
    this.checked = new Uint8Array(P);
    this.dislodgedBy = new Int32Array(cap);
    this.finalLoc = new Int32Array(cap);
    this.status = new Uint8Array(cap);
    this.standoffs = new Int32Array(P);
    this.ensureSlots(cap + 1);
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
    this.cUnit = new Int32Array(n);
    this.cCode = new Uint8Array(n);
    this.cDstLoc = new Int32Array(n);
    this.cDstProv = new Int32Array(n);
    this.cTarget = new Int32Array(n);
    this.cSupportCoast = new Int32Array(n);
    this.cVia = new Uint8Array(n);
    this.cType = new Uint8Array(n);
    this.cNat = new Uint8Array(n);
    this.cPath = new Array<number[] | undefined>(n).fill(undefined);
    this.sameAs = new Int32Array(n);
    this.illegalReason = new Array<Reason | undefined>(n).fill(undefined);
  }

  /** Clears a slot for a new candidate of unit `u`. */
  initSlot(i: number, u: number, code: number): void {
    this.cUnit[i] = u;
    this.cCode[i] = code;
    this.cDstLoc[i] = -1;
    this.cDstProv[i] = -1;
    this.cTarget[i] = -1;
    this.cSupportCoast[i] = -1;
    this.cVia[i] = 0;
    this.cType[i] = 0;
    this.cNat[i] = 0;
    this.cPath[i] = undefined;
  }

  /** Loads the units' columns from integer arrays (unit `u`: power, kind code, location); throws on two units in a province. */
  loadUnits(n: number, power: ArrayLike<number>, kind: ArrayLike<number>, loc: ArrayLike<number>): void {
    const U = this.units;
    this.clearUnits();
    if (n > this.capacity) throw new RangeError(`more units (${n}) than provinces (${this.capacity})`);
    const locProvince = this.board.locProvince;
    for (let u = 0; u < n; u++) {
      const l = loc[u]!;
      const p = locProvince[l];
      if (p === undefined) {
        this.clearUnits();
        throw new RangeError(`unknown location ${l}`);
      }
      U.power[u] = power[u]!;
      U.kind[u] = kind[u]!;
      U.loc[u] = l;
      U.prov[u] = p;
      if (U.unitAt[p]! >= 0) {
        this.clearUnits();
        throw new RangeError(`two units in ${this.board.provinceName(p)}`);
      }
      U.unitAt[p] = u;
      U.n = u + 1; // so that clearUnits() undoes exactly what is set
    }
    U.units = NO_UNITS;
  }

  private readonly result: IntsResultView;

  /** The integer outcome of the last adjudication, as views of the workspace. */
  intsResult(): IntsResultView {
    const r = this.result;
    r.n = this.units.n;
    r.standoffCount = this.standoffCount;
    r.illegalReason = this.illegalReason; // replaced when the slots grow
    return r;
  }

  /** Clears `unitAt` of the units loaded before (so it is all -1 between phases). */
  clearUnits(): void {
    const U = this.units;
    for (let u = 0; u < U.n; u++) U.unitAt[U.prov[u]!] = -1;
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

/**
 * A movement workspace for one adjudication, with `rules` in force.
 *
 * A fresh one each call: reusing one per board leaked state from one game into
 * the next game played on the same board (a support went uncounted), so until
 * every column is proven reset, correctness wins over the reuse.
 */
export function movementWorkspace(board: Board, rules: RuleOptions): MovementWorkspace {
  return new MovementWorkspace(board, rules);
}

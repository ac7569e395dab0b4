/**
 * The working columns of a retreat phase, made once per board and entry and
 * reused: the friendly adjudication (`adjudicateRetreat`, retreat.ts) and the
 * integer one (`adjudicateRetreatInts`, retreat-ints.ts) fill the same class,
 * so the rules they share (`retreatRefusal`, `settleRetreats`) always read one
 * shape of object. A retreat phase comes a few times a game, so its code runs
 * cold: its columns are carved out of one buffer (`Slab`, which says why), and
 * nothing is allocated or looked up per phase that one field can hold.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { DislodgedUnit } from '../game/position.js';
import { PerBoard } from './per-board.js';
import { PhaseDraws } from './prng.js';
import type { Reason } from './reasons.js';
import type { RetreatRules } from './retreat.js';
import { Slab } from './slab.js';
import { UnitColumns, type UnitTable } from './units.js';

/** What a dislodged unit ends up doing: in `RetreatWorkspace.choice`, a disband (else a location, or -1). */
export const DISBAND = -2;

export class RetreatWorkspace implements RetreatRules {
  readonly board: Board;
  rules!: RuleOptions;
  /**
   * The units on the board and the dislodged units, read from names (the friendly entry): the board's
   * reusable columns (`readUnits`), which the adjustment phase reads its units into too, so that each
   * phase finds them warm (`retreatContext` sets them). The integer entry fills columns of its own (`own`),
   * and marks `occupant` alone.
   */
  onBoard: UnitTable;
  dislodged: UnitTable;
  /** The integer entry's dislodged units (none for the friendly entry, which reads them as it reads `onBoard`). */
  readonly own: UnitColumns;
  /** Per province: the unit standing there, or -1: `onBoard.unitAt` for the friendly entry, a column of its own for the integer one. */
  occupant: Int32Array;
  /** The dislodged units as the position lists them (the friendly entry). */
  from: readonly DislodgedUnit[] = [];
  readonly attackFrom: Int32Array;
  readonly byConvoy: Uint8Array;
  readonly standoff: Uint8Array;
  owner: ArrayLike<number> = NO_OWNERS;
  target = -1;
  /** `board.reachMatrix()` (null on a board too large for it): the common retreat's check in one load (`retreatCore`). */
  readonly reach: Uint8Array | null;
  /** Per dislodged unit: where it goes (a location or DISBAND), or -1 (no usable order). */
  readonly choice: Int32Array;
  /** Per dislodged unit: where it ends (`settleRetreats`), or -1. */
  readonly final: Int32Array;
  /** Per province: the units retreating there (all 0 between phases). */
  readonly count: Int32Array;
  /** Per dislodged unit, the friendly entry: how many legal orders name it, the first and last one's target, whether their targets differ. */
  readonly ordersOf: Int32Array;
  readonly firstTarget: Int32Array;
  readonly lastTarget: Int32Array;
  readonly differ: Uint8Array;
  /** Per dislodged unit: its order as the integer core takes it (RETREAT_NONE, RETREAT_DISBAND or a location). */
  readonly to: Int32Array;
  /** Per dislodged unit: how its order went, and why when it did not (`retreatCore`). */
  readonly status: Uint8Array;
  readonly reason: (Reason | undefined)[];
  readonly result: { n: number; status: Uint8Array; reason: (Reason | undefined)[]; final: Int32Array };
  /** Per order, the friendly entry: the unit it stands for (-1 when illegal) and its target (read as written); grown as needed. */
  orderUnit = new Int32Array(16);
  orderTarget = new Int32Array(16);
  /** The phase's draws (the generator made at the first draw only). */
  readonly draws = new PhaseDraws();

  constructor(board: Board, friendly: boolean) {
    const P = board.provinceCount;
    this.board = board;
    this.reach = board.reachMatrix();
    this.own = new UnitColumns(friendly ? 0 : P, friendly ? 0 : P);
    this.onBoard = this.dislodged = this.own;
    // In the order a phase reads them.
    const slab = new Slab(9 * P, 4 * P);
    this.occupant = friendly ? this.own.unitAt : slab.int32(P, -1);
    this.attackFrom = slab.int32(P);
    this.to = slab.int32(P);
    this.byConvoy = slab.uint8(P);
    this.ordersOf = slab.int32(P);
    this.firstTarget = slab.int32(P);
    this.lastTarget = slab.int32(P);
    this.differ = slab.uint8(P);
    this.standoff = slab.uint8(P);
    this.choice = slab.int32(P);
    this.count = slab.int32(P);
    this.final = slab.int32(P);
    this.status = slab.uint8(P);
    this.reason = new Array<Reason | undefined>(P).fill(undefined);
    this.result = { n: 0, status: this.status, reason: this.reason, final: this.final };
  }
}

/** `RetreatRules.owner` when the rules never read it. */
export const NO_OWNERS: ArrayLike<number> = new Int32Array(0);

/** The friendly entry's workspace of a board. */
export const friendlyWorkspaces = new PerBoard((board) => new RetreatWorkspace(board, true));
/** The integer entry's workspace of a board. */
export const intWorkspaces = new PerBoard((board) => new RetreatWorkspace(board, false));

/**
 * The movement phase as columns indexed by unit: each unit's one effective
 * order (after illegal and duplicate orders are set aside) and the per-phase
 * lists the decisions walk (moves into each province, supports of each unit,
 * convoying fleets of each army). Built by `validate.ts`, read by the decisions.
 */
import type { Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import type { UnitTable } from '../units.js';

/** Effective order kinds. An illegal or missing order is a HOLD. */
export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT_HOLD = 2;
export const SUPPORT_MOVE = 3;
export const CONVOY = 4;
export type OrderCode = typeof HOLD | typeof MOVE | typeof SUPPORT_HOLD | typeof SUPPORT_MOVE | typeof CONVOY;

/** How an army's move travels (DATC 4.A.3). */
export const ROUTE_LAND = 0;
/** Only by convoy: the destination is not adjacent, or the convoy route was chosen. */
export const ROUTE_CONVOY = 1;
/** By convoy when a convoy route gets through, otherwise over land (the 1971 swap, `swap-only`). */
export const ROUTE_EITHER = 2;
export type RouteCode = typeof ROUTE_LAND | typeof ROUTE_CONVOY | typeof ROUTE_EITHER;

export interface MovementTable {
  readonly board: Board;
  readonly rules: RuleOptions;
  readonly units: UnitTable;
  /** Per unit: its effective order. */
  readonly order: Uint8Array;
  /** Per unit: index of its effective order in the order list, -1 when it holds unordered or an implicit order stands. */
  readonly orderIndex: Int32Array;
  /** MOVE: destination location (a coast for a fleet on a split-coast province). */
  readonly dstLoc: Int32Array;
  /** MOVE: destination province; SUPPORT_MOVE: the supported move's destination; CONVOY: the army's destination. */
  readonly dstProv: Int32Array;
  /** SUPPORT_*, CONVOY: the supported or convoyed unit. */
  readonly target: Int32Array;
  /** SUPPORT_MOVE: the coast the support names, or -1. */
  readonly supportCoast: Int32Array;
  /** MOVE of an army: how it travels. */
  readonly route: Uint8Array;
  /** MOVE: the sea route written in the order, when the rules use it (4.A.6). */
  readonly pathSpec: (readonly number[] | undefined)[];
  /** SUPPORT_*, CONVOY: 1 when the supported or convoyed unit was ordered to match. Unmatched ones fail. */
  readonly matched: Uint8Array;
  /** Why an unmatched support fails ('unmatched' or 'civil-disorder'). */
  readonly unmatchedReason: ('unmatched' | 'civil-disorder' | undefined)[];
  /** Per unit: 1 when it may not receive hold support (an illegal move under `deny-hold-support`). */
  readonly noHoldSupport: Uint8Array;
  /** Per unit: the matched supports of its order (hold supports if it stays, move supports if it moves). */
  readonly supporters: number[][];
  /** Per province: the units ordered to move there. */
  readonly movesInto: number[][];
  /** Per army: the fleets with matched convoy orders for its move. */
  readonly convoyers: number[][];
  /** Per unit: 1 when an implicit order (4.E.3) was deduced for it. */
  readonly implicit: Uint8Array;
}

/**
 * The shapes an adjustment phase is given and gives back on integers: the
 * order types and columns, how a build's place was written, the position,
 * and the outcome. What the core (ints.ts), its friendly layer
 * (adjudicate.ts) and the callers that encode orders (`PhaseInts`) share.
 */
import type { Phase } from '../../game/position.js';
import type { Reason } from '../reasons.js';
import { Slab } from '../slab.js';

/** Order types of `AdjustmentOrdersInts.type`. */
export const ADJUSTMENT_ORDER = Object.freeze({ DISBAND: 1, BUILD: 2, WAIVE: 3 } as const);

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

/**
 * Orders in the columns the core reads, as `PhaseInts` and the friendly entry
 * keep them (`adjustmentOrderColumns`). A class, not an object literal: V8
 * gives literals of the same keys one hidden class, and making another one
 * after the core was optimized threw the core's optimized code away.
 */
export class AdjustmentOrderColumns {
  n = 0;
  constructor(
    readonly type: Uint8Array,
    readonly power: Int32Array,
    readonly unit: Int32Array,
    readonly loc: Int32Array,
    /** PLACE_* per order (0 everywhere for orders encoded from exact places). */
    readonly place: Uint8Array,
  ) {}
}

/**
 * Columns for `capacity` orders, from one buffer. Every holder of adjustment
 * orders makes them here, so that the core sees objects of one shape from
 * every caller: V8 compiles it once, rather than throwing its code away when a
 * second caller's objects arrive.
 */
export function adjustmentOrderColumns(capacity: number): AdjustmentOrderColumns {
  const slab = new Slab(3 * capacity, 2 * capacity);
  return new AdjustmentOrderColumns(slab.uint8(capacity), slab.int32(capacity), slab.int32(capacity), slab.int32(capacity), slab.uint8(capacity));
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

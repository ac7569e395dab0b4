/**
 * The order model: one variant per order kind, discriminated by `type`. Orders
 * name units and places by id (`spa/nc`), after the names people write have been
 * resolved against the board. A unit is referred to as written: the kind may be
 * missing (DATC 4.C.1) or wrong (4.C.2); the adjudicator decides per the rules.
 */
import type { UnitKind } from '../game/position.js';

export interface UnitRef {
  /** The kind as written, if written. */
  kind?: UnitKind;
  /** Province id or `province/coast`, as written (the coast may be missing or wrong, 4.B.5). */
  at: string;
  /** The power named in the order for the unit (supports and convoys may name one, 4.C.5/4.C.6). */
  power?: string;
}

interface OrderBase {
  /** The power giving the order. */
  power: string;
}

export interface HoldOrder extends OrderBase {
  type: 'hold';
  unit: UnitRef;
}

export interface MoveOrder extends OrderBase {
  type: 'move';
  unit: UnitRef;
  /** Province id or `province/coast`. */
  to: string;
  /** Written "via convoy": the army moves only by convoy. */
  viaConvoy: boolean;
  /** Convoy route as written, if any (4.A.6): sea province ids in order. */
  path?: string[];
}

export interface SupportOrder extends OrderBase {
  type: 'support';
  unit: UnitRef;
  supported: UnitRef;
  /** The supported unit's destination; absent for a support to hold. */
  to?: string;
}

export interface ConvoyOrder extends OrderBase {
  type: 'convoy';
  unit: UnitRef;
  army: UnitRef;
  to: string;
}

export interface RetreatOrder extends OrderBase {
  type: 'retreat';
  unit: UnitRef;
  to: string;
}

export interface DisbandOrder extends OrderBase {
  type: 'disband';
  unit: UnitRef;
}

export interface BuildOrder extends OrderBase {
  type: 'build';
  /** Missing when the order names no unit kind (4.C.3). */
  kind?: UnitKind;
  at: string;
}

export interface WaiveOrder extends OrderBase {
  type: 'waive';
}

export type Order = HoldOrder | MoveOrder | SupportOrder | ConvoyOrder | RetreatOrder | DisbandOrder | BuildOrder | WaiveOrder;
export type OrderType = Order['type'];

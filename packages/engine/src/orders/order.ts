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

/**
 * A retreat priority list (000 §10), written with the movement order of a unit
 * that may be dislodged (`A mun H retreat ber, kie, sil`): if the unit is
 * dislodged it goes to the first listed province that is a legal retreat, then
 * `otherwise`: `default` (rule `retreat-default`) or `disband` (`…, disband`).
 * `A mun H retreat disband` (no province) disbands the unit if it is dislodged.
 * Used only when retreats are not ordered in a retreat phase (`retreats priority-list`).
 */
export type RetreatList =
  | { /** Province ids or `province/coast`, in order of preference. */ to: [string, ...string[]]; otherwise: 'default' | 'disband' }
  | { to: []; otherwise: 'disband' };

export interface HoldOrder extends OrderBase {
  type: 'hold';
  unit: UnitRef;
  /** The unit's retreat priority list, if written. */
  retreat?: RetreatList;
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
  /** The unit's retreat priority list, if written. */
  retreat?: RetreatList;
}

export interface SupportOrder extends OrderBase {
  type: 'support';
  unit: UnitRef;
  supported: UnitRef;
  /** The supported unit's destination; absent for a support to hold. */
  to?: string;
  /** The unit's retreat priority list, if written. */
  retreat?: RetreatList;
}

export interface ConvoyOrder extends OrderBase {
  type: 'convoy';
  unit: UnitRef;
  army: UnitRef;
  to: string;
  /** The unit's retreat priority list, if written. */
  retreat?: RetreatList;
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

/** One build of a build list: the kind (missing when not written, 4.C.3) and the place. */
export type BuildEntry = Pick<BuildOrder, 'kind' | 'at'>;

/**
 * A build priority list (000 §11), written with the fall movement orders of a
 * postal year (`Build F ven, A rom, F nap`): after the fall moves and retreats,
 * the first entries that can legally be built are built, as many as the
 * centres allow. Two or more entries: a single build is a `BuildOrder`.
 */
export interface BuildListOrder extends OrderBase {
  type: 'build-list';
  builds: [BuildEntry, BuildEntry, ...BuildEntry[]];
}

/**
 * A disband priority list (000 §11), written with the fall movement orders of a
 * postal year (`Disband A sil, A ber, F den`): when the power must remove N
 * units, the first N entries that name a unit of its own are disbanded. Two or
 * more entries: a single disband is a `DisbandOrder`.
 */
export interface DisbandListOrder extends OrderBase {
  type: 'disband-list';
  units: [DisbandEntry, DisbandEntry, ...DisbandEntry[]];
}

/** One unit of a disband list: the power's own, so no nationality is written. */
export type DisbandEntry = Pick<UnitRef, 'kind' | 'at'>;

/** The orders of a movement phase that carry a retreat priority list. */
export type MovementOrder = HoldOrder | MoveOrder | SupportOrder | ConvoyOrder;

export type Order =
  | HoldOrder
  | MoveOrder
  | SupportOrder
  | ConvoyOrder
  | RetreatOrder
  | DisbandOrder
  | BuildOrder
  | WaiveOrder
  | BuildListOrder
  | DisbandListOrder;
export type OrderType = Order['type'];

/**
 * What adjudication says about each order and about the phase as a whole.
 */
import type { BuildEntry, Order, UnitRef } from '../orders/order.js';
import type { DislodgedUnit, Position, Unit, UnitKind } from '../game/position.js';
import type { Reason } from './reasons.js';

/**
 * `succeeds` / `fails`: the order was valid and was carried out or not.
 * `illegal`: the order could not be given (no such unit, not adjacent, wrong phase…);
 * in a movement phase the unit holds instead (DATC 4.E.1).
 */
export type OrderStatus = 'succeeds' | 'fails' | 'illegal';

/** Why, in one word a program can match and a sentence a person can read. */
export interface OrderResult {
  order: Order;
  status: OrderStatus;
  /** e.g. "bounced", "cut", "dislodged", "no-convoy", "not-adjacent", "no-unit", "paradox". */
  reason?: string;
  /** A sentence for people: "bounced 1–1 against A mun - bur". */
  detail?: string;
  /** Set on results the adjudicator appends for implicit orders it deduced (rule `implicit-orders`, DATC 4.E.3). */
  implicit?: boolean;
  /** Who and what numbers decided a failure, for the plain words of `resultWords` (movement phases). */
  facts?: ResultFacts;
}

/** A unit a result names: its kind, where it stood and, when it was ordered to move, where to. */
export interface ResultUnit {
  kind: UnitKind;
  at: string;
  to?: string;
}

/**
 * What stopped an order, with the strengths compared:
 * - `bounced`: the move's attack against the strongest force opposing it, and
 *   the units that force comes from (the holder, a head-to-head opponent, or
 *   other units moving to the same place);
 * - `dislodged`: the attacker and its attack against the unit's hold (or defence);
 * - `cut`: the move that cut the support.
 */
export type ResultFacts =
  | { kind: 'bounced'; by: ResultUnit[]; attack: number; against: number }
  | { kind: 'dislodged'; by: ResultUnit; attack: number; against: number }
  | { kind: 'cut'; by: ResultUnit };

export interface PhaseResult {
  results: OrderResult[];
  /** Units dislodged this phase (movement) with where the attack came from. */
  dislodged: DislodgedUnit[];
  /** The position after the phase (the next phase set, empty retreat/adjustment phases not skipped). */
  next: Position;
  /**
   * Adjustment phases, and movement phases that carry out the adjustments (a
   * postal fall): units removed by the civil disorder rule (`removal-order`),
   * not by an order.
   */
  removed?: Unit[];
  /**
   * Adjustment phases: units built without an order, by `auto-builds` for a
   * power and by `neutral-units hold-and-rebuild` for no power.
   */
  built?: Unit[];
  /**
   * Movement phases that carry out their retreats at once (`retreats
   * priority-list`, or a year without a retreat phase such as the postal
   * year): what became of each dislodged unit, in the order of `dislodged`.
   */
  retreats?: RetreatOutcome[];
  /**
   * Movement phases that carry out the year's adjustments at once (a postal
   * fall with `adjustments priority-list`): per power with something to adjust
   * or that wrote adjustments, in power order.
   */
  adjustments?: PowerAdjustment[];
}

/** A listed province that was passed over, and why it is no legal retreat. */
export interface PassedRetreat {
  to: string;
  reason: Reason;
}

/**
 * What became of a dislodged unit whose retreat was written in advance:
 * - `retreats`: it moved to `to`, the first legal province of its list (`by: 'list'`)
 *   or the one `retreat-default` chose (`by: 'default'`);
 * - `disbanded`: its list said to disband (`ordered`), it had no legal retreat
 *   (`no-retreat`), or `retreat-default` disbands it (`default`);
 * - `destroyed`: it would have gone to `to`, but another unit retreated there too.
 */
export type RetreatOutcome = {
  unit: DislodgedUnit;
  /** The listed provinces passed over, in list order, with why. */
  passed: PassedRetreat[];
} & (
  | { outcome: 'retreats'; to: string; by: 'list' | 'default' }
  | { outcome: 'disbanded'; why: 'ordered' | 'no-retreat' | 'default' }
  | { outcome: 'destroyed'; to: string; by: 'list' | 'default' }
);

/** One entry of a power's builds or disbands (a plain order, or an entry of a list) and what became of it. */
export interface AdjustmentEntryResult<E> {
  entry: E;
  /** Index of the order (in the phase's orders) the entry was written in. */
  orderIndex: number;
  /** `succeeds`: carried out; `fails`: not needed (the count was reached); `illegal`: it could not be carried out. */
  status: OrderStatus;
  reason?: Reason;
  detail?: string;
}

/** A power's adjustments carried out with the fall movement (000 §11). */
export interface PowerAdjustment {
  power: string;
  /** Supply centres owned after the fall. */
  centres: number;
  /** Units after the fall moves and retreats, before the adjustments. */
  units: number;
  /** Its builds in the order written (plain builds and list entries), with what became of each. */
  builds: AdjustmentEntryResult<BuildEntry>[];
  /** Its disbands in the order written, with what became of each. */
  disbands: AdjustmentEntryResult<UnitRef>[];
  /** Units built. */
  built: Unit[];
  /** Units disbanded by its own orders. */
  disbanded: Unit[];
  /** Units removed by `removal-order` because its disbands did not cover what it had to remove. */
  removed: Unit[];
}

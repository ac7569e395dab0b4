/**
 * What adjudication says about each order and about the phase as a whole.
 */
import type { Order } from '../orders/order.js';
import type { DislodgedUnit, Position, Unit } from '../game/position.js';

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
}

export interface PhaseResult {
  results: OrderResult[];
  /** Units dislodged this phase (movement) with where the attack came from. */
  dislodged: DislodgedUnit[];
  /** The position after the phase (the next phase set, empty retreat/adjustment phases not skipped). */
  next: Position;
  /** Adjustment phases: units removed by the civil disorder rule (`removal-order`), not by an order. */
  removed?: Unit[];
}

/**
 * What the game object reports, as plain data: every field is a string,
 * number, boolean, null, array or plain object, so `JSON.stringify` keeps it
 * whole and a program in another language reads it the same way (`dipforge
 * serve` sends exactly these). docs/LIBRARY.md describes each field.
 */
import type { OrderStatus, PowerAdjustment, RetreatOutcome } from '../adjudicate/result.js';
import type { DislodgedUnit, Phase, Unit } from '../game/position.js';
import type { Order } from '../orders/order.js';
import type { OutcomeKind } from '../victory/outcome.js';
import type { ScoringSystem } from '../scoring/scores.js';

/** One order of a phase played and what became of it. */
export interface OrderReport {
  power: string;
  /** The order in the standard notation (`A par - bur`). */
  text: string;
  order: Order;
  /** `succeeds`, `fails`, or `illegal` (the unit held instead). */
  status: OrderStatus;
  /** One word a program can match: `bounced`, `cut`, `dislodged`, `not-adjacent`, … */
  reason?: string;
  /** A sentence for people. */
  detail?: string;
  /** An order the adjudicator deduced (rule `implicit-orders`). */
  implicit?: true;
}

/** The result of the game as it stands. */
export interface GameResult {
  over: boolean;
  /** `solo`, `leader`, `shared`, `draw`, … once the game is over. */
  kind?: OutcomeKind;
  winners: string[];
  /** The one winner, or null (no winner yet, or several). */
  winner: string | null;
  /** The game year of the last phase played. */
  year: number;
  /** Supply centres per power. */
  centres: Record<string, number>;
  /** Powers with a centre or a unit. */
  survivors: string[];
  /** Points per power under the `scoring` rule (provisional while the game goes on). */
  scores: { system: ScoringSystem; final: boolean; points: Record<string, number> };
}

/** One phase played. */
export interface PhaseReport {
  phase: Phase;
  orders: OrderReport[];
  /** Units dislodged (movement), with where the attack came from. */
  dislodged: DislodgedUnit[];
  /** Units removed by civil disorder, not by an order. */
  removed?: Unit[];
  /** Units built without an order (`auto-builds`, neutral rebuilds). */
  built?: Unit[];
  /** Retreats carried out at once (`retreats priority-list`, the postal year). */
  retreats?: RetreatOutcome[];
  /** Adjustments carried out with a postal fall. */
  adjustments?: PowerAdjustment[];
  /** Phases after it with nothing to decide, passed over. */
  passed: Phase[];
  /** The phase to order next. */
  next: Phase;
  result: GameResult;
}

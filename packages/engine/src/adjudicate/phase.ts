/**
 * The adjudicator's entry point: one phase of orders on a position, dispatched
 * on the kind of phase. Pure: the position and orders are not modified.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import type { Order } from '../orders/order.js';
import { adjudicateAdjustment } from './adjustment/adjudicate.js';
import { adjustmentsDue } from './adjustment/index.js';
import { adjudicateMovementPhase } from './postal.js';
import type { PhaseResult } from './result.js';
import { adjudicateRetreat, retreatsDue } from './retreat.js';

export interface AdjudicateOptions {
  /** Seed for everything the rules draw by lot (civil disorder `random` and `abroad-first`, retreats by lot or `gm-order`). Default 0. */
  seed?: number;
}

/**
 * Adjudicates one phase. Illegal orders are reported, never thrown; a position
 * that names unknown locations or powers throws `PositionError` (check it first
 * with `checkPosition`). A movement phase whose orders depend on one another in a
 * chain longer than `MAX_DECISION_DEPTH` (only a board of more units has one)
 * throws `DecisionDepthError`.
 */
export function adjudicatePhase(
  board: Board,
  position: Position,
  orders: readonly Order[],
  rules: RuleOptions,
  options: AdjudicateOptions = {},
): PhaseResult {
  const seed = options.seed ?? 0;
  switch (position.phase.kind) {
    case 'movement':
      // With the retreats (and, after a postal fall, the adjustments) it carries out at once.
      return adjudicateMovementPhase(board, position, orders, rules, seed);
    case 'retreat':
      return adjudicateRetreat(board, position, orders, rules, seed);
    case 'adjustment':
      return adjudicateAdjustment(board, position, orders, rules, seed);
  }
}

/**
 * Whether a phase has nothing to decide, so a game may pass over it unlisted:
 * a retreat phase without dislodged units, or an adjustment phase where no
 * power must remove units or can build. Movement phases are never empty.
 */
export function phaseIsEmpty(board: Board, rules: RuleOptions, position: Position): boolean {
  switch (position.phase.kind) {
    case 'movement':
      return false;
    case 'retreat':
      return !retreatsDue(position);
    case 'adjustment':
      return !adjustmentsDue(board, rules, position);
  }
}

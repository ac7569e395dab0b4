/**
 * Replaying one game's orders from its start, phase by phase: what
 * `adjudicateMany` does for each game, in a worker thread or in the caller's.
 */
import { adjudicatePhase, phaseIsEmpty } from '../adjudicate/phase.js';
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import { initialPosition } from '../game/runner.js';
import type { Order } from '../orders/order.js';

/** A game to adjudicate: its orders phase by phase (phases with nothing to order are passed over, as in a game file). */
export interface ManyGame {
  /** The orders of each phase that has something to order, in turn. */
  phases: readonly (readonly Order[])[];
  /** The seed of everything drawn by lot (default 0). */
  seed?: number;
  /** Where the game starts (default: the variant's start). */
  start?: Position;
}

export interface ManyGameResult {
  /** The position after the last phase. */
  final: Position;
  /** Phases adjudicated, counting the empty ones passed over. */
  adjudicated: number;
  /** Orders the adjudicator called illegal. */
  illegal: number;
}

/** Adjudicates a game's phases in turn from its start. */
export function replayGame(board: Board, rules: RuleOptions, game: ManyGame): ManyGameResult {
  const options = { seed: game.seed ?? 0 };
  let position = game.start ?? initialPosition(board.config);
  let adjudicated = 0;
  let illegal = 0;
  for (const orders of game.phases) {
    for (let skipped = 0; skipped < 64 && phaseIsEmpty(board, rules, position); skipped++) {
      position = adjudicatePhase(board, position, [], rules, options).next;
      adjudicated++;
    }
    const result = adjudicatePhase(board, position, orders, rules, options);
    adjudicated++;
    for (const r of result.results) if (r.status === 'illegal') illegal++;
    position = result.next;
  }
  return { final: position, adjudicated, illegal };
}

// Seeded random play for tests: the loop that draws legal orders phase by phase
// and adjudicates them, passing over the phases with nothing to order as a game
// file passes over them (deep-frozen, with `freeze`).
import { adjudicatePhase, phaseIsEmpty } from '../../src/adjudicate/phase.js';
import type { Board } from '../../src/board/board.js';
import type { RuleOptions } from '../../src/config/rules.js';
import type { Position } from '../../src/game/position.js';
import { randomOrders, type Rng } from '../../src/legal/index.js';
import type { Order } from '../../src/orders/order.js';
import { deepFreeze } from './freeze.js';

export interface RandomPlayOptions {
  /** Draws the orders. */
  rng: Rng;
  /** The adjudicator's seed, for what the rules draw by lot. */
  seed: number;
  /** Phases with something to order to play. */
  phases: number;
  /** Draw each unit's order uniformly from its legal orders (more supports and convoys) instead of by the mix; per phase played (counted from 1) when a function. */
  uniform: boolean | ((phase: number) => boolean);
  /** Changes a phase's drawn orders before they are adjudicated (or looks at them: it may return them as they are). */
  alter?: (position: Position, orders: Order[]) => Order[];
  /** Deep-freeze every position and its orders before adjudicating them, passed-over phases included (an in-place write then throws). */
  freeze?: boolean;
}

export interface RandomPlay {
  /** Each phase played: its position and the orders adjudicated on it. */
  phases: { position: Position; orders: Order[] }[];
  /** The position after the last phase. */
  final: Position;
}

export function randomPlay(board: Board, rules: RuleOptions, start: Position, o: RandomPlayOptions): RandomPlay {
  const phases: RandomPlay['phases'] = [];
  let position = start;
  for (let skipped = 0; phases.length < o.phases && skipped < 64; ) {
    if (o.freeze) deepFreeze(position);
    if (phaseIsEmpty(board, rules, position)) {
      position = adjudicatePhase(board, position, [], rules, { seed: o.seed }).next;
      skipped++;
      continue;
    }
    skipped = 0;
    const uniform = typeof o.uniform === 'function' ? o.uniform(phases.length + 1) : o.uniform;
    const drawn = randomOrders(board, position, rules, o.rng, { uniform });
    const orders = o.alter ? o.alter(position, drawn) : drawn;
    if (o.freeze) deepFreeze(orders);
    phases.push({ position, orders });
    position = adjudicatePhase(board, position, orders, rules, { seed: o.seed }).next;
  }
  return { phases, final: position };
}

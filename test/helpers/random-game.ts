/**
 * A random game played as `dipforge bench` plays one (legal orders drawn at random, phases with
 * nothing to order left out), in this process: a test that needs a long real-looking game writes
 * it with the bench's own writer (`gameText`, `checkedGameText`) without running the bench.
 */
import { adjudicatePhase, initialPosition, mulberry32, phaseIsEmpty, randomOrders, type Board, type RuleOptions } from '@dipforge/engine';
import type { GameRecord } from '../../packages/cli/src/commands/bench-games.js';

/** A random game of `phases` phases with something to order, from `seed`. */
export function playRandomGame(board: Board, rules: RuleOptions, seed: number, phases: number): GameRecord {
  const rng = mulberry32(seed);
  const record: GameRecord = { seed, phases: [] };
  let position = initialPosition(board.config);
  while (record.phases.length < phases) {
    const empty = phaseIsEmpty(board, rules, position);
    const orders = empty ? [] : randomOrders(board, position, rules, rng);
    if (!empty) record.phases.push({ phase: position.phase, orders });
    position = adjudicatePhase(board, position, orders, rules, { seed }).next;
  }
  return record;
}

/**
 * Scores of a game (rule `scoring`, with `solo-bonus` and `alliance-bonus`),
 * from the centre owners of a position and the game's outcome. Pure. A game
 * that is not over is scored as it stands (provisional scores: `final` false).
 *
 * - `none`: no scores (an empty table).
 * - `centres-plus-bonus` (text 000, appendix 2): each power scores its supply
 *   centres; when the game was won by one power alone (solo, leader, or a
 *   concession to it) that power adds `solo-bonus`; when it was won by an
 *   alliance (or conceded to two allies) each of the two adds `alliance-bonus`.
 *   A shared win, a draw or a game ended without a winner adds no bonus.
 * - `draw-size`: a pot of 1 point is shared equally by the powers the result
 *   names: 1 to a power winning alone, 1/2 to each ally, 1/N to each of the N
 *   powers sharing a win or a draw; everyone else, and everyone while the game
 *   goes on or when it ended without a winner, scores 0.
 * - `sum-of-squares`: a power winning by `victory-centres` (or by a concession
 *   to it alone) scores 100 and every other power 0; otherwise (the game goes
 *   on, a leader, alliance or shared win, a draw, an ended game) each power
 *   scores 100 × its centres² / the sum over all powers of centres².
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import type { GameOutcome } from '../victory/outcome.js';

export type ScoringSystem = RuleOptions['scoring'];

export interface Scores {
  system: ScoringSystem;
  /** Whether the game is over (scores of a game that goes on are provisional). */
  final: boolean;
  /** Points per power id, every power of the board (empty for `none`). */
  points: Record<string, number>;
}

/** The scores of the game at `position`, whose result is `outcome`. */
export function scores(board: Board, rules: RuleOptions, position: Position, outcome: GameOutcome): Scores {
  const system = rules.scoring;
  // The outcome was judged on this position: its centre counts are the position's.
  const centres = outcome.centres;
  const count = (p: string): number => (Object.hasOwn(centres, p) ? centres[p]! : 0);
  const points: Record<string, number> = {};
  const out: Scores = { system, final: outcome.over, points };
  if (system === 'none') return out;
  const won = outcome.over && outcome.kind !== undefined && outcome.kind !== 'ended' ? outcome.winners : [];
  for (const p of board.powerIds) points[p] = 0;
  switch (system) {
    case 'centres-plus-bonus': {
      const alone = outcome.kind === 'solo' || outcome.kind === 'leader' || (outcome.kind === 'concession' && won.length === 1);
      const allied = outcome.kind === 'alliance' || (outcome.kind === 'concession' && won.length === 2);
      for (const p of board.powerIds) points[p] = count(p);
      if (outcome.over && alone) for (const p of won) points[p] = points[p]! + rules['solo-bonus'];
      if (outcome.over && allied) for (const p of won) points[p] = points[p]! + rules['alliance-bonus'];
      return out;
    }
    case 'draw-size': {
      for (const p of won) points[p] = 1 / won.length;
      return out;
    }
    case 'sum-of-squares': {
      const solo = outcome.over && (outcome.kind === 'solo' || (outcome.kind === 'concession' && won.length === 1));
      if (solo) {
        for (const p of won) points[p] = 100;
        return out;
      }
      const squares = board.powerIds.reduce((n, p) => n + count(p) ** 2, 0);
      if (squares > 0) for (const p of board.powerIds) points[p] = (100 * count(p) ** 2) / squares;
      return out;
    }
  }
}

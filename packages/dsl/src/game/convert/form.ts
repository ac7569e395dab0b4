/**
 * The two forms a game year is written in: separate phases (a retreat phase
 * after each movement, an adjustment phase after the fall) and the postal
 * year (movement phases only, with retreat, build and disband lists written
 * with the moves: 000 §3, §10, §11). Other years (a custom year, lists in a
 * five-phase year) have no conversion.
 */
import { yearPhases, type Board, type RuleOptions } from '@dipforge/engine';

export type YearForm = 'separate' | 'postal';

export function yearForm(board: Board, rules: RuleOptions): YearForm | undefined {
  const kinds = new Set(yearPhases(board, rules).map((p) => p.kind));
  if (kinds.has('retreat') && kinds.has('adjustment') && rules.retreats === 'phase' && rules.adjustments === 'phase') return 'separate';
  if (kinds.size === 1 && rules.retreats === 'priority-list' && rules.adjustments === 'priority-list') return 'postal';
  return undefined;
}

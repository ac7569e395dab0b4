/**
 * Solo victory: a power wins alone when it owns `victory-centres` supply
 * centres (a number, or `majority`: more than half of the map's centres) and,
 * under `victory-alone-in-lead`, more centres than every other power.
 * Checked on the centre owners of a position, so callers ask after ownership
 * changes (the adjustment phase of a year).
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';

/** Supply centres needed to win alone. */
export function victoryThreshold(board: Board, rules: RuleOptions): number {
  const v = rules['victory-centres'];
  return typeof v === 'number' ? v : Math.floor(board.supplyCentreCount / 2) + 1;
}

/** Supply centres owned per power id (powers with none included, at 0). */
export function centreCounts(board: Board, position: Position): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < board.powerIds.length; i++) counts.set(board.powerIds[i]!, 0);
  // for-in rather than Object.entries: no array of pairs (an owners object has no inherited keys).
  const owners = position.owners;
  for (const c in owners) {
    const p = owners[c]!;
    const prov = board.provinceId(c);
    if (prov < 0 || !board.supplyCentre[prov]) continue;
    const n = counts.get(p);
    if (n !== undefined) counts.set(p, n + 1);
  }
  return counts;
}

/** Every power meeting the solo condition, by power order (several only when ties are possible). `counts`: the position's `centreCounts`, when the caller has them. */
export function soloWinners(board: Board, rules: RuleOptions, position: Position, counts: ReadonlyMap<string, number> = centreCounts(board, position)): string[] {
  const need = victoryThreshold(board, rules);
  const reached = board.powerIds.filter((p) => counts.get(p)! >= need);
  if (!rules['victory-alone-in-lead']) return reached;
  return reached.filter((p) => board.powerIds.every((q) => q === p || counts.get(q)! < counts.get(p)!));
}

/** The power that has won alone, or undefined (no one, or a tie). */
export function winner(board: Board, rules: RuleOptions, position: Position): string | undefined {
  const w = soloWinners(board, rules, position);
  return w.length === 1 ? w[0] : undefined;
}

/**
 * `victory-lead-year` Y: the power that owns more centres than every other power
 * by more than Y − `year` (and by at least one), where `year` is the year whose
 * ownership change set the owners; undefined when there is none or the rule is off.
 */
export function leadWinner(board: Board, rules: RuleOptions, position: Position, year: number, centres?: ReadonlyMap<string, number>): string | undefined {
  const base = rules['victory-lead-year'];
  if (typeof base !== 'number') return undefined;
  const counts = [...(centres ?? centreCounts(board, position))].sort((a, b) => b[1] - a[1]);
  const [first, second] = counts;
  if (!first) return undefined;
  const lead = first[1] - (second?.[1] ?? 0);
  return lead > Math.max(0, base - year) ? first[0] : undefined;
}

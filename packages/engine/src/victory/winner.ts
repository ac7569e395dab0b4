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
  const column = centreColumn(board, position.owners);
  const counts = new Map<string, number>();
  for (let i = 0; i < board.powerIds.length; i++) counts.set(board.powerIds[i]!, column[i]!);
  return counts;
}

/**
 * `centreCounts` as a column by power index (`board.powerIds` order), into
 * `out` when given: what the engine's own judging reads, with no map and no
 * power name looked up per centre. Only keys that are supply centres of the
 * board and owners that are its powers count.
 */
export function centreColumn(board: Board, owners: Readonly<Record<string, string>>, out: Int32Array = new Int32Array(board.powerCount)): Int32Array {
  out.fill(0);
  const { supplyCentre, powerCount } = board;
  // for-in rather than Object.entries: no array of pairs (an owners object has no inherited keys).
  // The last owner's index is kept: neighbouring keys are often the same power's.
  let last: string | undefined;
  let power = -1;
  for (const c in owners) {
    const prov = board.provinceId(c);
    if (prov < 0 || !supplyCentre[prov]) continue;
    const p = owners[c]!;
    if (p !== last) {
      last = p;
      power = board.powerId(p);
    }
    // Neutral units' index (`powerCount`) owns nothing here, as the map of counts has no key for it.
    if (power >= 0 && power < powerCount) out[power]!++;
  }
  return out;
}

/** Every power meeting the solo condition, by power order (several only when ties are possible). `counts`: the position's `centreCounts`, when the caller has them. */
export function soloWinners(board: Board, rules: RuleOptions, position: Position, counts?: ReadonlyMap<string, number>): string[] {
  return soloWinnersOf(board, rules, counts ? columnOf(board, counts) : centreColumn(board, position.owners));
}

/** `soloWinners` from a `centreColumn`. */
export function soloWinnersOf(board: Board, rules: RuleOptions, column: Int32Array): string[] {
  const need = victoryThreshold(board, rules);
  const alone = rules['victory-alone-in-lead'];
  const out: string[] = [];
  const n = board.powerCount;
  for (let i = 0; i < n; i++) {
    const c = column[i]!;
    if (c < need) continue;
    let lead = true;
    if (alone) for (let j = 0; j < n && lead; j++) if (j !== i && column[j]! >= c) lead = false;
    if (lead) out.push(board.powerIds[i]!);
  }
  return out;
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
  return leadWinnerOf(board, rules, year, centres ? columnOf(board, centres) : centreColumn(board, position.owners));
}

/** `leadWinner` from a `centreColumn`: of powers with as many centres, the first in power order leads. */
export function leadWinnerOf(board: Board, rules: RuleOptions, year: number, column: Int32Array): string | undefined {
  const base = rules['victory-lead-year'];
  const n = board.powerCount;
  if (typeof base !== 'number' || n === 0) return undefined;
  let first = 0;
  for (let i = 1; i < n; i++) if (column[i]! > column[first]!) first = i;
  let second = 0;
  for (let i = 0; i < n; i++) if (i !== first && column[i]! > second) second = column[i]!;
  const lead = column[first]! - second;
  return lead > Math.max(0, base - year) ? board.powerIds[first] : undefined;
}

/** Counts by power id as a `centreColumn` (a power missing from `counts` at 0). */
function columnOf(board: Board, counts: ReadonlyMap<string, number>): Int32Array {
  const out = new Int32Array(board.powerCount);
  for (let i = 0; i < out.length; i++) out[i] = counts.get(board.powerIds[i]!) ?? 0;
  return out;
}

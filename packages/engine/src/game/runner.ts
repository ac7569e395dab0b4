/**
 * Playing a game: the starting position of a variant, and a list of phases
 * with their orders played one after another. Phases that have nothing to
 * decide (a retreat phase without dislodged units, an adjustment phase where no
 * one builds or removes) are passed over when the list does not name them.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { NEUTRAL_POWER, type VariantConfig } from '../config/variant-config.js';
import { adjudicatePhase, phaseIsEmpty, type AdjudicateOptions } from '../adjudicate/phase.js';
import type { PhaseResult } from '../adjudicate/result.js';
import { checkPosition } from '../adjudicate/units.js';
import type { Order } from '../orders/order.js';
import { samePhase } from './phases.js';
import type { Phase, Position, Unit } from './position.js';

/** The position a variant starts from. */
export function initialPosition(config: VariantConfig): Position {
  // The owners made whole from their pairs: a store per centre into an empty object takes V8's
  // slow path once past 16 keys the first time a process meets those keys (no transitions made
  // yet), which leaves that game's owners a dictionary, slower to read and to copy in every phase
  // that shares them. Plain loops: a run of many games starts each from here.
  const pairs: [string, string][] = [];
  const neutral = config.neutralUnits ?? [];
  let count = neutral.length;
  for (const p of config.powers) count += p.units.length;
  // Made at its size, as the adjudicator makes every later position's units (`new Array`, a holey array): an
  // array filled by pushes is of another kind, which code reading the units optimized on later positions
  // does not take, so the start of each game file threw that code away.
  const units = new Array<Unit>(count);
  let k = 0;
  for (const p of config.powers) {
    for (const c of p.centres) pairs.push([c, p.id]);
    for (const u of p.units) units[k++] = { power: p.id, kind: u.kind, at: u.at };
  }
  for (const u of neutral) units[k++] = { power: NEUTRAL_POWER, kind: u.kind, at: u.at };
  // The fields in the order the adjudicator builds every later position in (phase last), so that a game's
  // positions share one hidden class: a start of a shape of its own makes the code reading positions
  // polymorphic, and a game file's first phases then throw code optimized on the bench's games away.
  return {
    units,
    dislodged: [],
    owners: Object.fromEntries(pairs),
    standoffs: [],
    phase: { year: config.start.year, season: config.start.season, kind: config.start.phase },
  };
}

export interface GamePhase {
  phase: Phase;
  orders: Order[];
}

/** Why a game stopped before its last phase. */
export interface RunError {
  /** Index in the phase list of the phase that could not be played. */
  phaseIndex: number;
  kind: 'phase-mismatch' | 'bad-position';
  message: string;
  /** The position the game had reached. */
  position: Position;
}

export interface GameRun {
  /** One result per phase played, in the order of the list. */
  results: PhaseResult[];
  /** Per phase played: the position it was played from (after passing over empty phases). */
  positions: Position[];
  /** The position after the last phase played (empty phases after it not passed over). */
  final: Position;
  /** Set when a listed phase could not be played; the phases before it were. */
  error?: RunError;
}

export function phaseName(phase: Phase): string {
  return `${phase.season} ${phase.year} ${phase.kind}`;
}

/** At most this many empty phases are passed over in a row (a guard against a phase that never comes). */
const MAX_SKIPPED = 64;

/** Plays the listed phases from `start`. Never throws for bad input: problems are reported in `error`. */
export function runGame(
  board: Board,
  rules: RuleOptions,
  start: Position,
  phases: readonly GamePhase[],
  options: AdjudicateOptions = {},
): GameRun {
  const results: PhaseResult[] = [];
  const positions: Position[] = [];
  let current = start;
  const problems = checkPosition(board, start);
  if (problems.length > 0) {
    return { results, positions, final: start, error: { phaseIndex: 0, kind: 'bad-position', message: problems.join('; '), position: start } };
  }
  for (let i = 0; i < phases.length; i++) {
    const wanted = phases[i]!.phase;
    let skipped = 0;
    while (!samePhase(board, rules, current.phase, wanted) && phaseIsEmpty(board, rules, current) && skipped < MAX_SKIPPED) {
      current = adjudicatePhase(board, current, [], rules, options).next;
      skipped++;
    }
    if (!samePhase(board, rules, current.phase, wanted)) {
      const why = phaseIsEmpty(board, rules, current) ? 'it never comes' : `${phaseName(current.phase)} has to be played first`;
      return {
        results,
        positions,
        final: current,
        error: { phaseIndex: i, kind: 'phase-mismatch', message: `expected ${phaseName(wanted)}, but ${why}`, position: current },
      };
    }
    positions.push(current);
    const result = adjudicatePhase(board, current, phases[i]!.orders, rules, options);
    results.push(result);
    current = result.next;
  }
  return { results, positions, final: current };
}

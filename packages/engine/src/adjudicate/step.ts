/**
 * What a phase leads to under a board's rules: the phase after it (as a year
 * step, a season and a kind), whether the supply centres change owner in
 * between, and, for a movement phase, what it carries out in advance
 * (`inAdvance`). Every adjudication needs this, and asking `nextPhase` and
 * `ownershipChangesAfter` each time runs half a dozen functions that a game
 * calls only once per phase, so they are out of the processor's caches at
 * every call (about 2 µs a phase, measured); the answer depends on the year
 * only through `adjustment-interval`, so elsewhere it is kept per board, rules,
 * start season, kind and season.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import { nextPhase, ownershipChangesAfter } from '../game/phases.js';
import type { Phase, PhaseKind } from '../game/position.js';

export interface InAdvance {
  /** The movement's retreats are carried out at once (there is no retreat phase for them). */
  retreats: boolean;
  /** Retreat lists written with the movement orders count. */
  retreatLists: boolean;
  /** The year's adjustments are carried out at once, from the lists written with these orders. */
  adjustments: boolean;
}

/** What a movement phase carries out besides the moves, under these rules. */
export function inAdvance(board: Board, rules: RuleOptions, phase: Phase, next?: Phase): InAdvance {
  if (phase.kind !== 'movement') return { retreats: false, retreatLists: false, adjustments: false };
  next ??= nextPhase(board, rules, phase);
  const retreats = rules.retreats === 'priority-list' || next.kind !== 'retreat';
  const ownersChange = next.kind === 'retreat' ? ownershipChangesAfter(board, rules, next) : ownershipChangesAfter(board, rules, phase);
  return {
    retreats,
    retreatLists: retreats && rules.retreats === 'priority-list',
    adjustments: retreats && rules.adjustments === 'priority-list' && ownersChange,
  };
}

export interface PhaseStep {
  /** The next phase's year minus this one's. */
  readonly yearStep: number;
  /** The next phase's season and kind. */
  readonly season: string;
  readonly kind: PhaseKind;
  /** Whether the centres change owner at the end of this phase. */
  readonly ownersChange: boolean;
  /** What a movement phase carries out in advance (all false for the other kinds). */
  readonly plan: InAdvance;
}

/** The steps of the last board, rules and start season asked for, per kind by season. */
const kept = {
  board: undefined as Board | undefined,
  rules: undefined as RuleOptions | undefined,
  start: undefined as string | undefined,
  byKind: { movement: new Map<string, PhaseStep>(), retreat: new Map<string, PhaseStep>(), adjustment: new Map<string, PhaseStep>() },
};

/** The step from `phase` to the phase after it (see the file's comment). */
export function phaseStep(board: Board, rules: RuleOptions, phase: Phase): PhaseStep {
  const cacheable = rules['adjustment-interval'] <= 1;
  if (cacheable) {
    const start = board.config.start.season;
    if (kept.board !== board || kept.rules !== rules || kept.start !== start) {
      kept.board = board;
      kept.rules = rules;
      kept.start = start;
      kept.byKind = { movement: new Map(), retreat: new Map(), adjustment: new Map() };
    }
    const step = kept.byKind[phase.kind].get(phase.season);
    if (step !== undefined) return step;
  }
  const after = nextPhase(board, rules, phase);
  const step: PhaseStep = {
    yearStep: after.year - phase.year,
    season: after.season,
    kind: after.kind,
    ownersChange: ownershipChangesAfter(board, rules, phase, after),
    plan: inAdvance(board, rules, phase, after),
  };
  if (cacheable) kept.byKind[phase.kind].set(phase.season, step);
  return step;
}

/** The phase `step` leads to from `phase`: an object of the caller's own, as `nextPhase` gives. */
export function phaseAfter(step: PhaseStep, phase: Phase): Phase {
  return { year: phase.year + step.yearStep, season: step.season, kind: step.kind };
}

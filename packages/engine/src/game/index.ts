/**
 * Positions, the phases of a year and the game runner. (`UnitKind` and
 * `PhaseKind` of position.ts are the same types as the config's and are
 * exported from there.)
 */
export type { DislodgedUnit, Phase, Position, Unit } from './position.js';
export { adjustsIn, nextPhase, ownershipChangesAfter, phaseIndex, positionAfter, samePhase, updateOwners, yearPhases, type YearPhase } from './phases.js';
export { initialPosition, phaseName, runGame, type GamePhase, type GameRun, type RunError } from './runner.js';

/** Checks of positions that no legal game can reach, for random play and tests. */
export { positionProblems, type PositionCheckOptions } from './invariants.js';

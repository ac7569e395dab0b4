/** Adjudication of one phase: the entry point, its result types and the reasons it gives. */
export { adjudicatePhase, phaseIsEmpty, type AdjudicateOptions } from './phase.js';
export type { OrderResult, OrderStatus, PhaseResult } from './result.js';
export { REASONS, reasonText, type Reason } from './reasons.js';
export { PositionError, checkPosition } from './units.js';
